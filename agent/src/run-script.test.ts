import { describe, expect, it } from 'vitest';
import { resolveInterpreter, runScript, scriptFileText } from './run-script';

describe('runScript', () => {
  it('captures stdout, stderr and the exit code of a bash script with args and env', async () => {
    const r = await runScript({ interpreter: 'bash', script: 'echo "hello $1 $GREETING"; echo oops >&2; exit 3', args: ['world'], env: { GREETING: 'hi' } });
    expect(r.status).toBe('failed');
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('hello world hi\n');
    expect(r.stderr).toBe('oops\n');
  });

  it('runs python when present and reports a missing interpreter as failed', async () => {
    const py = await runScript({ interpreter: 'python', script: 'print(6 * 7)' });
    if (py.status === 'completed') expect(py.stdout.trim()).toBe('42');
    const cmd = await runScript({ interpreter: 'cmd', script: 'echo hi' });
    if (process.platform !== 'win32') {
      expect(cmd.status).toBe('failed');
      expect(cmd.stderr).toContain('not available');
    }
  });

  // If only bash were killed, the background sleep would hold stdout open for 30 s and the
  // test would hit its own timeout: finishing at all proves the group was killed.
  it('kills the whole process group at the timeout', async () => {
    const r = await runScript({ interpreter: 'bash', script: 'echo started; sleep 30 & sleep 30; echo never', timeoutSeconds: 1 });
    expect(r.status).toBe('timed_out');
    expect(r.stdout).toBe('started\n');
  }, 15_000);
});

describe('runScript cancellation', () => {
  it('an abort kills the process group and reports cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const r = await runScript({ interpreter: 'bash', script: 'echo started; sleep 30 & sleep 30', timeoutSeconds: 60 }, controller.signal);
    expect(r.status).toBe('cancelled');
    expect(r.stdout).toBe('started\n');
  }, 15_000);

  it('runs PowerShell and cmd scripts on Windows through the system binaries, PowerShell without profile and with a BOM', () => {
    expect(resolveInterpreter('powershell', 'win32')).toEqual({
      command: expect.stringMatching(/\\System32\\WindowsPowerShell\\v1\.0\\powershell\.exe$/),
      args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File'],
      ext: '.ps1',
    });
    expect(resolveInterpreter('cmd', 'win32')).toEqual({ command: process.env.ComSpec || 'cmd.exe', args: ['/d', '/c'], ext: '.cmd' });
    expect(resolveInterpreter('sh', 'win32')).toBeNull();
    // Windows PowerShell 5.1 reads a .ps1 without a BOM in the ANSI code page.
    expect(scriptFileText('Write-Output "Größe"', '.ps1', 'win32')).toBe('\uFEFFWrite-Output "Größe"');
    expect(scriptFileText('\uFEFFWrite-Output 1', '.ps1', 'win32')).toBe('\uFEFFWrite-Output 1');
    expect(scriptFileText('echo hi', '.cmd', 'win32')).toBe('echo hi');
    expect(scriptFileText('echo hi', '.ps1', 'linux')).toBe('echo hi');
  });
});
