import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { appPublisher, darwinSoftware, parsePkgInfo } from './software';

describe('macOS installed software', () => {
  it('lists the applications with their publisher and the installer receipts with version and install time', async () => {
    const infos: Record<string, string> = {
      'com.apple.pkg.CLTools_Executables': 'pkg-info-cltools.txt',
      'com.acme.agent.pkg': 'pkg-info-acme.txt',
      'org.python.Python.PythonFramework-3.12': 'pkg-info-python.txt',
    };
    const { runner, calls } = fixtureRunner((c) => {
      if (c.command === 'system_profiler') return fixture('darwin', 'applications.json');
      if (c.args[0] === '--pkgs') return fixture('darwin', 'pkgutil-pkgs.txt');
      const file = infos[c.args[1]];
      // A receipt forgotten between the two calls.
      return file ? fixture('darwin', file) : { stdout: '', stderr: `No receipt for '${c.args[1]}' found at '/'.\n`, code: 1 };
    });
    const software = await darwinSoftware(runner);
    expect(calls[0].args).toEqual(['-json', 'SPApplicationsDataType']);
    expect(calls.filter((c) => c.args[0] === '--pkg-info')).toHaveLength(4);
    expect(software).toEqual([
      { name: 'Safari', version: '18.1', publisher: 'Apple Inc.', source: 'app' },
      { name: 'Google Chrome', version: '131.0.6778.86', publisher: 'Google LLC', source: 'app' },
      { name: 'Slack', version: '4.41.97', source: 'app' },
      { name: 'Homebrew Cask Tool', source: 'app' },
      { name: 'com.apple.pkg.CLTools_Executables', version: '16.0.0.0.1.1724870825', source: 'pkg', installedAt: '2024-09-30T12:40:00.000Z' },
      { name: 'com.apple.pkg.CLTools_SDK_macOS14', source: 'pkg' },
      { name: 'com.acme.agent.pkg', version: '5.2.1', source: 'pkg', installedAt: '2024-10-27T03:33:20.000Z' },
      { name: 'org.python.Python.PythonFramework-3.12', version: '3.12.7', source: 'pkg', installedAt: '2024-10-09T18:53:20.000Z' },
    ]);
  });

  it('fails rather than answer an empty list when system_profiler or pkgutil fails', async () => {
    const { runner } = fixtureRunner(() => ({ stdout: '', stderr: 'system_profiler: timed out', code: 1 }));
    await expect(darwinSoftware(runner)).rejects.toMatchObject({ code: 'AGENT_OPERATION_FAILED' });
  });

  it('reads publishers from Developer ID signatures and receipts field by field', () => {
    expect(appPublisher({ signed_by: ['Developer ID Application: Zoom Video Communications, Inc. (BJ4HAAB9B3)'] })).toBe('Zoom Video Communications, Inc.');
    expect(appPublisher({ signed_by: ['Apple Mac OS Application Signing'] })).toBeUndefined();
    expect(parsePkgInfo('no receipt here')).toBeNull();
  });
});
