// A real journal file for tests on a box where journald does not run (a container): the box's
// own systemd-journald is started in a journal namespace of its own (sockets under
// /run/systemd/journal.<ns>, files under <machine-id>.<ns>, apart from the system journal),
// fed entries by util-linux `logger` through the namespace's syslog socket, stopped, and its
// journal directory copied out for `journalctl --directory`. Whatever it created is removed
// again. Null when the box cannot do this (no journald or logger binary, not root).
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface JournalLine {
  identifier: string;
  priority: number;
  message: string;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

const LEVELS = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'];

export async function writeJournalDirectory(target: string, lines: JournalLine[]): Promise<string | null> {
  const bin = ['/lib/systemd/systemd-journald', '/usr/lib/systemd/systemd-journald'].find((p) => existsSync(p));
  if (!bin || process.getuid?.() !== 0 || !existsSync('/etc/machine-id') || !existsSync('/usr/bin/logger')) return null;
  const ns = `rmmtest${randomBytes(4).toString('hex')}`;
  const created = ['/run/log', '/run/log/journal', '/var/log/journal'].filter((p) => !existsSync(p));
  const runDir = `/run/systemd/journal.${ns}`;
  const daemon = spawn(bin, [ns], { stdio: 'ignore', env: { ...process.env, SYSTEMD_LOG_TARGET: 'null' } });
  const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()));
  const journalDir = () =>
    ['/run/log/journal', '/var/log/journal'].flatMap((root) => (existsSync(root) ? readdirSync(root).filter((n) => n.endsWith(`.${ns}`)).map((n) => path.join(root, n)) : []))[0];
  try {
    if (!(await until(() => existsSync(`${runDir}/dev-log`), 10_000))) return null;
    for (const line of lines) execFileSync('/usr/bin/logger', ['-u', `${runDir}/dev-log`, '-t', line.identifier, '-p', `user.${LEVELS[line.priority]}`, line.message]);
    const written = () => {
      const dir = journalDir();
      if (!dir) return false;
      try {
        const out = execFileSync('journalctl', [`--directory=${dir}`, '--no-pager', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
        return lines.every((l) => out.includes(JSON.stringify(l.message).slice(1, -1)));
      } catch {
        return false;
      }
    };
    if (!(await until(written, 10_000))) return null;
    daemon.kill('SIGTERM');
    await exited;
    cpSync(journalDir()!, target, { recursive: true });
    return target;
  } finally {
    if (daemon.exitCode === null && daemon.signalCode === null) {
      daemon.kill('SIGKILL');
      await exited;
    }
    const dir = journalDir();
    if (dir) rmSync(dir, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
    for (const p of created.reverse()) rmSync(p, { recursive: true, force: true });
  }
}
