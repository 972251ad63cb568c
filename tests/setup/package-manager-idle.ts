// Files that install or remove packages of this machine (vitest.config.ts, MACHINE_PACKAGES) run
// one after another, but a file's real agent is killed at its end and an apt-get or dpkg it
// started may still be finishing. While dpkg writes, `dpkg-query` can fail on its half-written
// journal, and the next file's agent would report no packages. Each such file therefore starts
// once no apt or dpkg process is running on the machine (bounded: a stuck one fails the file's
// own assertions, with their messages, rather than this wait).
import { readdirSync, readFileSync } from 'node:fs';

const WRITERS = new Set(['apt', 'apt-get', 'dpkg', 'unattended-upgr']);
const LIMIT_MS = 120_000;

function packageManagerBusy(): boolean {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (WRITERS.has(readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
}

if (process.platform === 'linux') {
  const deadline = Date.now() + LIMIT_MS;
  while (packageManagerBusy() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}
