import { describe, expect, it } from 'vitest';
import { fixtureRunner } from '../fixture-runner';
import { asArray, powershellArgv, powershellPath, psDate, psEnum, psErrorText, psNumber, psText, runPowerShell } from './powershell';

describe('PowerShell invocation', () => {
  it('runs the system powershell.exe without profile, non-interactive, policy bypassed, the script encoded and the parameters on stdin', async () => {
    const { runner, calls } = fixtureRunner(() => '{"ok":true}');
    expect(await runPowerShell(runner, "Get-CimInstance Win32_BIOS | ConvertTo-Json -Compress", { name: "O'Brien; Remove-Item C:\\ -Recurse" })).toEqual({ ok: true });
    const [call] = calls;
    expect(call.command).toMatch(/\\System32\\WindowsPowerShell\\v1\.0\\powershell\.exe$/);
    expect(call.args.slice(0, 5)).toEqual(['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand']);
    expect(call.script).toContain("$ErrorActionPreference = 'Stop'");
    expect(call.script).toContain("$WarningPreference = 'SilentlyContinue'");
    expect(call.script).toContain('$p = $rmmIn | ConvertFrom-Json');
    expect(call.script?.endsWith('Get-CimInstance Win32_BIOS | ConvertTo-Json -Compress')).toBe(true);
    // The parameter never becomes script text.
    expect(call.script).not.toContain("O'Brien");
    expect(call.params).toEqual({ name: "O'Brien; Remove-Item C:\\ -Recurse" });
  });

  it('takes the system root from the environment', () => {
    expect(powershellPath({ SystemRoot: 'D:\\Win' })).toBe('D:\\Win\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    // -EncodedCommand is base64 of UTF-16LE text.
    expect(Buffer.from(powershellArgv('Get-Date').at(-1)!, 'base64').toString('utf16le').endsWith('\nGet-Date')).toBe(true);
  });

  it('reads an empty pipeline as null, a BOM-prefixed answer, a known failure and a crash', async () => {
    expect(await runPowerShell(fixtureRunner(() => '\r\n').runner, 'x')).toBeNull();
    expect(await runPowerShell(fixtureRunner(() => '\uFEFF[1,2]\r\n').runner, 'x')).toEqual([1, 2]);
    await expect(runPowerShell(fixtureRunner(() => ({ stdout: '{"message":"HKEY_LOCAL_MACHINE\\\\SOFTWARE\\\\Nope does not exist","rmmError":"KEY_NOT_FOUND"}', stderr: '', code: 3 })).runner, 'x')).rejects.toMatchObject({
      code: 'KEY_NOT_FOUND',
      message: 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Nope does not exist',
    });
    const clixml =
      '#< CLIXML\r\n<Objs Version="1.1.0.1" xmlns="http://schemas.microsoft.com/powershell/2004/04"><S S="Error">Get-CimInstance : Access denied _x000D__x000A_</S><S S="Error">At line:1 char:1_x000D__x000A_</S></Objs>';
    expect(psErrorText(clixml)).toBe('Get-CimInstance : Access denied \nAt line:1 char:1');
    await expect(runPowerShell(fixtureRunner(() => ({ stdout: '', stderr: clixml, code: 1 })).runner, 'x')).rejects.toMatchObject({ code: 'AGENT_OPERATION_FAILED', message: expect.stringContaining('Access denied') });
    await expect(runPowerShell(fixtureRunner(() => ({ stdout: '', stderr: '', code: null })).runner, 'x')).rejects.toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM' });
    await expect(runPowerShell(fixtureRunner(() => 'WARNING: something\r\n').runner, 'x')).rejects.toMatchObject({ code: 'AGENT_OPERATION_FAILED' });
  });
});

describe('PowerShell JSON quirks', () => {
  it('reads one object, nothing and an array alike as lists', () => {
    expect(asArray({ Name: 'a' })).toEqual([{ Name: 'a' }]);
    expect(asArray(null)).toEqual([]);
    expect(asArray(undefined)).toEqual([]);
    expect(asArray([{ Name: 'a' }, { Name: 'b' }])).toHaveLength(2);
  });

  it('reads every DateTime form', () => {
    expect(psDate('/Date(1732694400000)/')).toBe('2024-11-27T08:00:00.000Z');
    // The offset of the legacy form is how the time was shown, not a shift of the instant.
    expect(psDate('/Date(1732694400000+0100)/')).toBe('2024-11-27T08:00:00.000Z');
    expect(psDate('2024-11-20T03:15:42.5+01:00')).toBe('2024-11-20T02:15:42.500Z');
    expect(psDate({ value: '/Date(1732694400000)/', DisplayHint: 2, DateTime: 'Wednesday, November 27, 2024 9:00:00 AM' })).toBe('2024-11-27T08:00:00.000Z');
    expect(psDate('20241127090000.000000+060')).toBe('2024-11-27T08:00:00.000Z');
    expect(psDate('/Date(-62135596800000)/')).toBeNull(); // DateTime.MinValue
    expect(psDate('/Date(943920000000)/')).toBeNull(); // the Task Scheduler's "never run", 1999-11-30
    expect(psDate(null)).toBeNull();
    expect(psDate('not a date')).toBeNull();
  });

  it('reads null and missing alike, numbers from strings, enums as names or numbers', () => {
    expect(psText(null)).toBeNull();
    expect(psText(undefined)).toBeNull();
    expect(psText('  ')).toBeNull();
    expect(psText(' Dell Inc. ')).toBe('Dell Inc.');
    expect(psNumber('14876672')).toBe(14876672);
    expect(psNumber(null)).toBeNull();
    expect(psNumber('')).toBeNull();
    expect(psEnum(3, { 3: 'Ready' })).toBe('Ready');
    expect(psEnum('Running', { 3: 'Ready' })).toBe('Running');
  });
});
