import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { checkValue, toRegistryData, windowsRegistry } from './registry';

const HKLM = 'HKEY_LOCAL_MACHINE';

describe('Windows registry', () => {
  it('lists subkeys with their counts (a key the agent may not open with zero counts)', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'registry-keys.json'));
    expect(await windowsRegistry(runner).keys(HKLM, 'SOFTWARE')).toEqual({
      hive: HKLM,
      key: 'SOFTWARE',
      data: [
        { name: 'Acme', subkeyCount: 2, valueCount: 3, lastWriteTime: null },
        { name: 'Classes', subkeyCount: 5821, valueCount: 1, lastWriteTime: null },
        { name: 'Microsoft', subkeyCount: 212, valueCount: 0, lastWriteTime: null },
        { name: 'Policies', subkeyCount: 0, valueCount: 0, lastWriteTime: null },
      ],
    });
    expect(calls[0].params).toEqual({ op: 'keys', hive: HKLM, key: 'SOFTWARE' });
    expect(calls[0].script).toContain('[Microsoft.Win32.RegistryView]::Registry64');
  });

  it('reads every value type: signed DWORD and QWORD back to unsigned, bytes as base64, REG_NONE as bytes', async () => {
    const { runner } = fixtureRunner(() => fixture('windows', 'registry-values.json'));
    const { data } = await windowsRegistry(runner).values(HKLM, 'SOFTWARE\\Acme');
    const k = { hive: HKLM, key: 'SOFTWARE\\Acme' };
    expect(data).toEqual([
      { ...k, name: '', type: 'REG_SZ', data: 'Acme default' },
      { ...k, name: 'InstallDir', type: 'REG_SZ', data: 'C:\\Program Files\\Acme' },
      { ...k, name: 'Legacy', type: 'REG_BINARY', data: 'AQL/' },
      { ...k, name: 'Level', type: 'REG_DWORD', data: 3 },
      { ...k, name: 'LogPath', type: 'REG_EXPAND_SZ', data: '%ProgramData%\\Acme\\logs' },
      { ...k, name: 'Mask', type: 'REG_DWORD', data: 4294967295 },
      { ...k, name: 'Mirrors', type: 'REG_MULTI_SZ', data: [] },
      { ...k, name: 'Quota', type: 'REG_QWORD', data: '18446744073709551614' },
      { ...k, name: 'Seed', type: 'REG_BINARY', data: '3q2+7w==' },
      { ...k, name: 'Servers', type: 'REG_MULTI_SZ', data: ['backup1.example.com', 'backup2.example.com'] },
    ]);
    // A REG_MULTI_SZ of one string that PowerShell wrote as a plain string.
    expect(toRegistryData('MultiString', 'only')).toEqual({ type: 'REG_MULTI_SZ', data: ['only'] });
  });

  it('writes a value and answers it as read back; refuses data that does not fit the type', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'registry-value-set.json'));
    const written = await windowsRegistry(runner).setValue({ hive: HKLM, key: 'SOFTWARE\\Acme', name: 'Level', type: 'REG_DWORD', data: 4278190080 });
    expect(written).toEqual({ hive: HKLM, key: 'SOFTWARE\\Acme', name: 'Level', type: 'REG_DWORD', data: 4278190080 });
    expect(calls[0].params).toEqual({ op: 'set', hive: HKLM, key: 'SOFTWARE\\Acme', name: 'Level', type: 'REG_DWORD', data: 4278190080 });
    expect(calls[0].script).toContain("[BitConverter]::ToInt32([BitConverter]::GetBytes([uint32]$p.data), 0)");
    for (const bad of [
      { type: 'REG_DWORD', data: -1 },
      { type: 'REG_DWORD', data: 2 ** 32 },
      { type: 'REG_QWORD', data: '18446744073709551616' },
      { type: 'REG_MULTI_SZ', data: 'not a list' },
      { type: 'REG_BINARY', data: 'not base64!' },
      { type: 'REG_LINK', data: 'x' },
    ]) {
      expect(() => checkValue({ hive: HKLM, key: 'SOFTWARE\\Acme', name: 'x', ...bad } as never)).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
    }
    expect(calls).toHaveLength(1);
  });

  it('creates and deletes keys and values with the contract’s errors', async () => {
    const created = fixtureRunner(() => '{"created":true}');
    expect(await windowsRegistry(created.runner).createKey(HKLM, 'SOFTWARE\\Acme\\New')).toEqual({ hive: HKLM, key: 'SOFTWARE\\Acme\\New', created: true });
    const existed = fixtureRunner(() => '{"created":false}');
    expect(await windowsRegistry(existed.runner).createKey(HKLM, 'SOFTWARE\\Acme')).toMatchObject({ created: false });
    const notEmpty = fixtureRunner(() => ({ stdout: '{"rmmError":"KEY_NOT_EMPTY","message":"HKEY_LOCAL_MACHINE\\\\SOFTWARE\\\\Acme has subkeys: delete it recursively to remove them too"}', stderr: '', code: 3 }));
    await expect(windowsRegistry(notEmpty.runner).deleteKey(HKLM, 'SOFTWARE\\Acme', false)).rejects.toMatchObject({ code: 'KEY_NOT_EMPTY' });
    expect(notEmpty.calls[0].params).toEqual({ op: 'delete-key', hive: HKLM, key: 'SOFTWARE\\Acme', recursive: false });
    const deleted = fixtureRunner(() => '{"deleted":true}');
    expect(await windowsRegistry(deleted.runner).deleteKey(HKLM, 'SOFTWARE\\Acme', true)).toEqual({ deleted: true });
    // A hive's first-level key is never deleted, whatever the server asks.
    await expect(windowsRegistry(deleted.runner).deleteKey(HKLM, 'SOFTWARE', true)).rejects.toMatchObject({ code: 'OPERATION_REFUSED' });
    expect(deleted.calls).toHaveLength(1);
    const noValue = fixtureRunner(() => ({ stdout: '{"rmmError":"VALUE_NOT_FOUND","message":"HKEY_LOCAL_MACHINE\\\\SOFTWARE\\\\Acme has no value Nope"}', stderr: '', code: 3 }));
    await expect(windowsRegistry(noValue.runner).deleteValue(HKLM, 'SOFTWARE\\Acme', 'Nope')).rejects.toMatchObject({ code: 'VALUE_NOT_FOUND' });
    await expect(windowsRegistry(noValue.runner).getValue(HKLM, 'SOFTWARE\\Acme', 'Nope')).rejects.toMatchObject({ code: 'VALUE_NOT_FOUND' });
    await expect(windowsRegistry(noValue.runner).keys('HKLM', 'SOFTWARE')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(windowsRegistry(noValue.runner).keys(HKLM, '\\SOFTWARE')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
