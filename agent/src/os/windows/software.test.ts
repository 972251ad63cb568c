import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { parseUninstallEntries, windowsSoftware } from './software';

describe('Windows installed software from the Uninstall keys', () => {
  it('reads both machine views and the user hives, leaving out hidden entries and updates', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'software.json'));
    const software = await windowsSoftware(runner);
    expect(calls[0].script).toContain("'HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\*'");
    expect(calls[0].script).toContain("'HKLM:\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\*'");
    expect(calls[0].script).toContain('Registry::HKEY_USERS\\$sid\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\*');
    expect(calls[0].script).toContain('ConvertTo-Json -InputObject @($rows) -Depth 3 -Compress');
    expect(software).toEqual([
      { name: 'Google Chrome', version: '131.0.6778.86', publisher: 'Google LLC', source: 'registry', installedAt: '2024-11-21T00:00:00.000Z' },
      { name: '7-Zip 24.08 (x64)', version: '24.08', publisher: 'Igor Pavlov', source: 'registry' },
      { name: 'Microsoft Visual C++ 2015-2022 Redistributable (x86) - 14.40.33810', version: '14.40.33810.0', publisher: 'Microsoft Corporation', source: 'registry', installedAt: '2024-06-12T00:00:00.000Z' },
      // InstallDate "2024-11-02" is not the yyyyMMdd Windows uses: dropped, the entry kept.
      { name: 'Notepad++ (64-bit x64)', version: '8.7.1', publisher: 'Notepad++ Team', source: 'registry' },
      { name: 'Microsoft Teams classic', version: '1.7.00.13456', publisher: 'Microsoft Corporation', source: 'registry-user', installedAt: '2024-03-01T00:00:00.000Z' },
      { name: 'Zoom Workplace', version: '6.2.7 (49583)', publisher: 'Zoom Video Communications, Inc.', source: 'registry-user', installedAt: '2024-10-03T00:00:00.000Z' },
    ]);
  });

  it('reads a single entry PowerShell wrote as an object, and nothing as no software', () => {
    expect(parseUninstallEntries(JSON.parse(fixture('windows', 'software-single.json')))).toEqual([{ name: 'Mozilla Firefox (x64 en-US)', version: '132.0.2', publisher: 'Mozilla', source: 'registry' }]);
    expect(parseUninstallEntries(null)).toEqual([]);
  });

  it('fails rather than answer an empty list when PowerShell fails (the stored list stays)', async () => {
    const { runner } = fixtureRunner(() => ({ stdout: '', stderr: 'Get-ItemProperty : Requested registry access is not allowed.', code: 1 }));
    await expect(windowsSoftware(runner)).rejects.toMatchObject({ code: 'AGENT_OPERATION_FAILED' });
  });
});
