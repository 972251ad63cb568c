import { afterEach, describe, expect, it } from 'vitest';
import { onPath, uninstallSoftware } from './software-uninstall';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe.skipIf(process.platform !== 'linux')('uninstallSoftware', () => {
  it('refuses a name that could read as an option or a shell word, without running anything', async () => {
    for (const name of ['-y', '--purge', 'a b', 'x;rm', '$(id)', '']) {
      const r = await uninstallSoftware({ name });
      expect(r.status).toBe('failed');
      expect(r.result?.code).toBe('INVALID_PACKAGE_NAME');
    }
  });

  it('reports a machine without apt-get, dnf or apk', async () => {
    process.env.PATH = '/nonexistent';
    const r = await uninstallSoftware({ name: 'nginx' });
    expect(r).toMatchObject({ status: 'failed', result: { code: 'NO_PACKAGE_MANAGER', package: 'nginx' } });
  });
});

describe('onPath', () => {
  it('finds a command in PATH and nothing outside it', () => {
    expect(onPath('node', `/nonexistent:${process.execPath.replace(/\/node$/, '')}`)).toBe(process.execPath);
    expect(onPath('node', '/nonexistent')).toBeNull();
  });
});
