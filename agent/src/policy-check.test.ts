// The policy checks run for real on this machine: a process started here under a name of its
// own, files written here, bash scripts with timeouts and remediation. Other OSes are reached by
// naming the platform; their command output parsers are fed the output those tools print.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPolicyCheckPayload, ZPolicyCheckResult } from '@/lib/policies/check-wire';
import { decodeText, parseLaunchctlState, parsePolicyCheckPayload, parsePsComm, parseScQueryState, parseTasklistCsv, runCheck, runPolicyCheck, systemdUnit, TEXT_MAX_BYTES, type AgentCheck } from './policy-check';

const linux = process.platform === 'linux';
let dir: string;
const tag = Math.random().toString(36).slice(2, 7);

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-policy-check-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `sleep 300` from a copy of the sleep binary named `name`, so its comm is that name. */
async function startNamed(name: string, argv0?: string): Promise<ChildProcess> {
  const bin = path.join(dir, name);
  if (!existsSync(bin)) copyFileSync('/bin/sleep', bin);
  const child = spawn(bin, ['300'], { stdio: 'ignore', argv0 });
  await new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!linux)('process_running on Linux (/proc)', () => {
  it('finds a process by its executable name, and no longer once it is killed', async () => {
    const name = `rmmpc-${tag}`;
    const check: AgentCheck = { id: 'p', kind: 'process_running', name };
    const child = await startNamed(name);
    try {
      const running = await runCheck(check);
      expect(running).toMatchObject({ id: 'p', status: 'pass' });
      expect(running.detail).toContain(String(child.pid));
    } finally {
      await stop(child);
    }
    expect(await runCheck(check)).toEqual({ id: 'p', status: 'fail', detail: `no process named ${name} is running` });
  });

  it('matches a name longer than the kernel keeps in comm, a full path, and an argv[0] set with exec -a', async () => {
    const long = `rmm-policy-long-name-${tag}`;
    const child = await startNamed(long);
    const renamed = await startNamed(`rmmpc2-${tag}`, `renamed-${tag}`);
    try {
      expect((await runCheck({ id: 'l', kind: 'process_running', name: long })).status).toBe('pass');
      expect((await runCheck({ id: 'a', kind: 'process_running', name: `renamed-${tag}` })).status).toBe('pass');
      expect((await runCheck({ id: 'f', kind: 'process_running', name: path.join(dir, long) })).status).toBe('pass');
      expect((await runCheck({ id: 'g', kind: 'process_running', name: path.join(os.tmpdir(), long) })).status).toBe('fail');
      // A different long name that shares only the first 15 characters is a different process.
      expect((await runCheck({ id: 'x', kind: 'process_running', name: `rmm-policy-long-other` })).status).toBe('fail');
    } finally {
      await stop(child);
      await stop(renamed);
    }
  });
});

describe.skipIf(!linux)('service_running on Linux', () => {
  it('without systemd falls back to a process of the same name and says so', async () => {
    const name = `rmmsvc-${tag}`;
    const child = await startNamed(name);
    try {
      const r = await runCheck({ id: 's', kind: 'service_running', name: `${name}.service` }, { systemd: false });
      expect(r.status).toBe('pass');
      expect(r.detail).toMatch(/^systemd is not running on this machine, so a process named rmmsvc-\w+ was checked instead: .* is running/);
    } finally {
      await stop(child);
    }
    const gone = await runCheck({ id: 's', kind: 'service_running', name }, { systemd: false });
    expect(gone.status).toBe('fail');
    expect(gone.detail).toContain('systemd is not running');
  });

  // On a machine where systemd runs, an unknown unit is `inactive`; where it does not (this
  // container), systemctl cannot answer and the check says why instead of guessing.
  it('asks systemctl is-active for the unit', async () => {
    const r = await runCheck({ id: 's', kind: 'service_running', name: `rmm-none-${tag}` }, { systemd: true });
    if (existsSync('/run/systemd/system')) {
      expect(r).toEqual({ id: 's', status: 'fail', detail: `rmm-none-${tag}.service is inactive` });
    } else {
      expect(r.status).toBe('error');
      expect(r.detail).toMatch(new RegExp(`^systemctl is-active rmm-none-${tag}\\.service failed: `));
    }
  });

  it('refuses a name that would read as an option, and names units the systemd way', async () => {
    expect(await runCheck({ id: 's', kind: 'service_running', name: '--all' })).toMatchObject({ status: 'error', detail: '"--all" is not a valid service name' });
    expect(systemdUnit('nginx')).toBe('nginx.service');
    expect(systemdUnit('docker.socket')).toBe('docker.socket');
    expect(systemdUnit('php8.2-fpm')).toBe('php8.2-fpm.service');
  });
});

describe('checks on an OS the agent has no way to check', () => {
  it('answers unsupported for services, processes and interpreters that are not there', async () => {
    expect(await runCheck({ id: 'a', kind: 'service_running', name: 'sshd' }, { platform: 'freebsd' })).toEqual({ id: 'a', status: 'unsupported', detail: 'service checks are not available on freebsd' });
    expect(await runCheck({ id: 'b', kind: 'process_running', name: 'sshd' }, { platform: 'aix' })).toEqual({ id: 'b', status: 'unsupported', detail: 'process checks are not available on aix' });
    const cmd = await runCheck({ id: 'c', kind: 'script', check: { interpreter: 'cmd', script: 'exit /b 0', timeoutSeconds: 5 } }, { platform: 'linux' });
    expect(cmd).toEqual({ id: 'c', status: 'unsupported', detail: 'the check script needs cmd, which is not available on this device' });
    const sh = await runCheck({ id: 'd', kind: 'script', check: { interpreter: 'sh', script: 'exit 0', timeoutSeconds: 5 } }, { platform: 'win32' });
    expect(sh.status).toBe('unsupported');
  });

  it('reads the state from sc query, launchctl print, tasklist and ps output', () => {
    const sc = 'SERVICE_NAME: Spooler\r\n        TYPE               : 110  WIN32_OWN_PROCESS  (interactive)\r\n        STATE              : 4  RUNNING\r\n                                (STOPPABLE, NOT_PAUSABLE, IGNORES_SHUTDOWN)\r\n        WIN32_EXIT_CODE    : 0  (0x0)\r\n';
    expect(parseScQueryState(sc)).toBe('RUNNING');
    expect(parseScQueryState(sc.replace('4  RUNNING', '1  STOPPED'))).toBe('STOPPED');
    expect(parseScQueryState('[SC] EnumQueryServicesStatus:OpenService FAILED 1060:\r\n\r\nThe specified service does not exist as an installed service.\r\n')).toBeNull();
    expect(parseLaunchctlState('system/com.openssh.sshd = {\n\tactive count = 1\n\tpath = /System/Library/LaunchDaemons/ssh.plist\n\tstate = running\n\n\tprogram = /usr/libexec/sshd-keygen-wrapper\n')).toBe('running');
    expect(parseLaunchctlState('system/com.example = {\n\tstate = waiting\n}')).toBe('waiting');
    expect(parseTasklistCsv('"svchost.exe","1044","Services","0","25,120 K"\r\n"svchost.exe","1100","Services","0","9,000 K"\r\n')).toEqual(['svchost.exe', 'svchost.exe']);
    expect(parseTasklistCsv('INFO: No tasks are running which match the specified criteria.\r\n')).toEqual([]);
    expect(parsePsComm('COMM\nlaunchd\nsshd\nWindowServer\n')).toEqual(['launchd', 'sshd', 'WindowServer']);
  });
});

describe('file_exists and file_content', () => {
  it('tells an existing file, a directory and a missing path apart, and refuses a relative path', async () => {
    const file = path.join(dir, 'present.txt');
    writeFileSync(file, 'hello');
    expect(await runCheck({ id: 'f', kind: 'file_exists', path: file })).toEqual({ id: 'f', status: 'pass', detail: `${file} exists (5 bytes)` });
    expect(await runCheck({ id: 'd', kind: 'file_exists', path: dir })).toEqual({ id: 'd', status: 'pass', detail: `${dir} exists (a directory)` });
    expect(await runCheck({ id: 'm', kind: 'file_exists', path: path.join(dir, 'missing') })).toMatchObject({ status: 'fail', detail: `${path.join(dir, 'missing')} does not exist` });
    expect(await runCheck({ id: 'r', kind: 'file_exists', path: 'relative/file' })).toMatchObject({ status: 'error', detail: 'relative/file is not an absolute path' });
  });

  it('checks contains, a line regex and the SHA-256, each reported', async () => {
    const file = path.join(dir, 'sshd_config');
    const content = 'Port 22\nPermitRootLogin no\nPasswordAuthentication no\n';
    writeFileSync(file, content);
    const sha = createHash('sha256').update(content).digest('hex');
    const pass = await runCheck({ id: 'c', kind: 'file_content', path: file, contains: 'PermitRootLogin no', regex: '^PasswordAuthentication\\s+no$', sha256: sha });
    expect(pass).toEqual({ id: 'c', status: 'pass', detail: `${file} contains "PermitRootLogin no"; matches /^PasswordAuthentication\\s+no$/; sha256 matches` });
    const fail = await runCheck({ id: 'c', kind: 'file_content', path: file, contains: 'PermitRootLogin yes', regex: '^Port 2222$', sha256: '0'.repeat(64) });
    expect(fail.status).toBe('fail');
    expect(fail.detail).toBe(`${file} does not contain "PermitRootLogin yes"; no line matches /^Port 2222$/; sha256 is ${sha}, expected ${'0'.repeat(64)}`);
    expect(await runCheck({ id: 'm', kind: 'file_content', path: path.join(dir, 'nope'), contains: 'x' })).toMatchObject({ status: 'fail', detail: `${path.join(dir, 'nope')} does not exist` });
    expect(await runCheck({ id: 'd', kind: 'file_content', path: dir, contains: 'x' })).toMatchObject({ status: 'error', detail: `${dir} is not a regular file` });
  });

  it('reads UTF-16 text with a byte order mark, as Windows tools write it', async () => {
    const le = path.join(dir, 'utf16le.ini');
    writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[Policy]\r\nEnabled=1\r\n', 'utf16le')]));
    expect(await runCheck({ id: 'le', kind: 'file_content', path: le, contains: 'Enabled=1', regex: '^\\[Policy\\]\r?$' })).toMatchObject({ status: 'pass' });
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Hi', 'utf16le').swap16()]))).toBe('Hi');
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
  });

  it('answers error for an invalid regex, a catastrophic one, and a file over the read cap', async () => {
    const file = path.join(dir, 'small.txt');
    writeFileSync(file, `${'a'.repeat(40)}b`);
    const bad = await runCheck({ id: 'r', kind: 'file_content', path: file, regex: '([a-z' });
    expect(bad.status).toBe('error');
    expect(bad.detail).toMatch(/^invalid regex: /);
    const slow = await runCheck({ id: 's', kind: 'file_content', path: file, regex: '^(a+)+$' });
    expect(slow.status).toBe('error');
    expect(slow.detail).toContain('timed out');

    const big = path.join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(TEXT_MAX_BYTES + 1, 0x61));
    const over = await runCheck({ id: 'b', kind: 'file_content', path: big, contains: 'a' });
    expect(over).toEqual({ id: 'b', status: 'error', detail: `${big} is ${TEXT_MAX_BYTES + 1} bytes: content checks read at most ${TEXT_MAX_BYTES} bytes (a sha256 check alone reads up to 1 GB)` });
    const hashOnly = await runCheck({ id: 'h', kind: 'file_content', path: big, sha256: createHash('sha256').update(Buffer.alloc(TEXT_MAX_BYTES + 1, 0x61)).digest('hex') });
    expect(hashOnly.status).toBe('pass');
  }, 30_000);
});

describe.skipIf(process.platform === 'win32')('script checks', () => {
  it('passes on exit 0 and fails with the exit code and the end of the output', async () => {
    expect(await runCheck({ id: 'ok', kind: 'script', check: { interpreter: 'bash', script: 'echo fine', timeoutSeconds: 10 } })).toEqual({ id: 'ok', status: 'pass', detail: 'exit code 0: fine', exitCode: 0 });
    const bad = await runCheck({ id: 'no', kind: 'script', check: { interpreter: 'sh', script: 'seq 1 2000; echo "firewall is off" >&2; exit 4', timeoutSeconds: 10 } });
    expect(bad).toMatchObject({ id: 'no', status: 'fail', exitCode: 4 });
    expect(bad.detail).toMatch(/^exit code 4: …/);
    expect(bad.detail).toMatch(/2000\nfirewall is off$/);
    expect(bad.detail.length).toBeLessThan(1100);
  });

  it('runs the remediation once on a failure, then checks again', async () => {
    const marker = path.join(dir, `remediated-${tag}`);
    const check = { interpreter: 'bash' as const, script: `test -f '${marker}'`, timeoutSeconds: 10 };
    const r = await runCheck({ id: 'rem', kind: 'script', check, remediation: { interpreter: 'bash', script: `echo fixing; touch '${marker}'`, timeoutSeconds: 10 } });
    expect(r).toMatchObject({ id: 'rem', status: 'pass', exitCode: 0, remediated: true, remediationExitCode: 0 });
    expect(r.detail).toBe('before remediation: exit code 1; remediation exit code 0: fixing; after remediation: exit code 0');
    expect(existsSync(marker)).toBe(true);
    // Now passing: the remediation does not run again.
    expect(await runCheck({ id: 'rem', kind: 'script', check, remediation: { interpreter: 'bash', script: 'exit 9', timeoutSeconds: 10 } })).toEqual({ id: 'rem', status: 'pass', detail: 'exit code 0', exitCode: 0 });
    // A remediation that does not fix it: still a failure, with both exit codes.
    const stillBad = await runCheck({ id: 'x', kind: 'script', check: { interpreter: 'bash', script: 'exit 2', timeoutSeconds: 10 }, remediation: { interpreter: 'bash', script: 'exit 5', timeoutSeconds: 10 } });
    expect(stillBad).toMatchObject({ status: 'fail', exitCode: 2, remediated: true, remediationExitCode: 5 });
  });

  it('a check or remediation that runs past its timeout is an error, killed with its children', async () => {
    const started = Date.now();
    const r = await runCheck({ id: 't', kind: 'script', check: { interpreter: 'bash', script: 'echo waiting; sleep 30 & sleep 30', timeoutSeconds: 1 } });
    expect(r).toEqual({ id: 't', status: 'error', detail: 'check script timed out after 1 s: waiting\n[killed after 1 s timeout]', exitCode: null });
    const fix = await runCheck({ id: 'u', kind: 'script', check: { interpreter: 'bash', script: 'exit 1', timeoutSeconds: 5 }, remediation: { interpreter: 'bash', script: 'sleep 30', timeoutSeconds: 1 } });
    expect(fix).toMatchObject({ status: 'fail', exitCode: 1, remediated: true, remediationExitCode: null });
    expect(fix.detail).toContain('remediation timed out after 1 s');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe('the policy_check command', () => {
  it('answers every check in order, completed even when checks fail, in the wire shape', async () => {
    const file = path.join(dir, 'wire.txt');
    writeFileSync(file, 'ok\n');
    const payload = {
      evaluationId: '7d5e7c0e-2f55-4d54-9a8e-3f0a3c0b5a11',
      checks: [
        { id: 'exists', kind: 'file_exists', path: file },
        { id: 'missing', kind: 'file_exists', path: path.join(dir, 'not-there') },
        { id: 'regex', kind: 'file_content', path: file, regex: '(' },
        { id: 'future', kind: 'registry_value', key: 'HKLM\\Software' },
        { id: 'proc', kind: 'process_running', name: `rmm-none-${tag}` },
      ],
    };
    const r = await runPolicyCheck(payload);
    expect(r.status).toBe('completed');
    const result = ZPolicyCheckResult.parse(r.result);
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['exists', 'pass'],
      ['missing', 'fail'],
      ['regex', 'error'],
      ['future', 'unsupported'],
      ['proc', process.platform === 'linux' || process.platform === 'darwin' || process.platform === 'win32' ? 'fail' : 'unsupported'],
    ]);
    expect(result.checks[3].detail).toBe('this agent does not know the check kind "registry_value"');
    expect(r.stdout).toBe('5 checks: 1 pass, 2 fail, 1 error, 1 unsupported');
  });

  it('fails the command on a malformed payload, naming the problem', async () => {
    const cases: [unknown, string][] = [
      [null, 'the payload must be an object'],
      [{ checks: [] }, 'checks must be a list of 1 to 200 checks'],
      [{ evaluationId: 'x', checks: [{ id: 'a', kind: 'file_exists', path: '/' }] }, 'evaluationId must be a UUID'],
      [{ checks: [{ kind: 'file_exists', path: '/' }] }, 'checks[0].id must be a string'],
      [{ checks: [{ id: 'a', kind: 'file_content', path: '/', sha256: 'ABC' }] }, 'checks[0].sha256 must be 64 lowercase hex digits'],
      [{ checks: [{ id: 'a', kind: 'script', check: { interpreter: 'zsh', script: 'true' } }] }, 'checks[0].check.interpreter must be one of bash, sh, python, powershell, cmd'],
      [{ checks: [{ id: 'a', kind: 'script', check: { interpreter: 'bash', script: 'true', timeoutSeconds: 601 } }] }, 'checks[0].check.timeoutSeconds must be an integer from 1 to 600'],
    ];
    for (const [payload, message] of cases) {
      const r = await runPolicyCheck(payload);
      expect(r).toEqual({ status: 'failed', stderr: `Invalid policy_check payload: ${message}`, result: { code: 'INVALID_PAYLOAD', message } });
      // The server's schema refuses the same payloads.
      expect(ZPolicyCheckPayload.safeParse(payload).success).toBe(false);
    }
  });

  it('accepts what the server schema accepts, with the same defaults', () => {
    const payload = { checks: [{ id: 's', kind: 'script', check: { interpreter: 'python', script: 'print(1)' }, remediation: { interpreter: 'sh', script: 'true', timeoutSeconds: 600 } }, { id: 'c', kind: 'file_content', path: '/etc/hosts', contains: '', sha256: 'a'.repeat(64) }] };
    const server = ZPolicyCheckPayload.parse(payload);
    expect(parsePolicyCheckPayload(payload)).toEqual(server.checks);
  });

  it('stops between checks when the server cancels, reporting what ran', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const r = await runPolicyCheck({ checks: [{ id: 'a', kind: 'script', check: { interpreter: 'bash', script: 'sleep 20', timeoutSeconds: 60 } }, { id: 'b', kind: 'file_exists', path: '/' }] }, { signal: controller.signal });
    expect(r.status).toBe('cancelled');
    expect(r.result).toEqual({ checks: [{ id: 'a', status: 'error', detail: 'check script cancelled from the server', exitCode: null }] });
  }, 15_000);
});
