// The process supervisor behind `npm start`, with real child processes (tiny node scripts): a
// killed child comes back after a growing delay and the log says so, a crash loop ends
// supervision with a failure, and a stop ends every child.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise, type Supervisor } from '../../scripts/lib/supervise';

const node = (code: string) => () => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
const idle = node('setInterval(() => {}, 1000)');
const alive = (child: ChildProcess | null) => !!child && child.exitCode === null && child.signalCode === null;

async function until<T>(what: string, probe: () => T | undefined | null | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let running: Supervisor | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

describe('supervise', () => {
  it('restarts a child killed with SIGKILL, with a growing delay, and logs each restart', async () => {
    const log: string[] = [];
    const sup = (running = supervise(
      [
        { name: 'web', start: idle },
        { name: 'worker', start: idle },
      ],
      { log: (m) => log.push(m), initialBackoffMs: 100, maxBackoffMs: 300, stableAfterMs: 60_000 },
    ));
    const web = await until('web', () => (alive(sup.current('web')) ? sup.current('web') : null));
    const worker = sup.current('worker')!;

    for (const [n, delay] of [[1, '0.1'], [2, '0.2'], [3, '0.3']] as const) {
      const victim = sup.current('worker')!;
      victim.kill('SIGKILL');
      const next = await until(`restart ${n}`, () => {
        const c = sup.current('worker');
        return c && c !== victim && alive(c) ? c : null;
      });
      expect(next.pid).not.toBe(victim.pid);
      expect(sup.restarts('worker')).toBe(n);
      // Doubled each crash in a row, capped.
      expect(log).toContain(`worker (pid ${victim.pid}) exited unexpectedly (signal SIGKILL); restart #${n} in ${delay} s`);
      expect(log).toContain(`worker restarted (pid ${next.pid})`);
    }
    expect(worker.signalCode).toBe('SIGKILL');
    // The other child was left alone.
    expect(sup.current('web')).toBe(web);
    expect(alive(web)).toBe(true);
    expect(sup.restarts('web')).toBe(0);
  });

  it('starts the backoff afresh after a child stayed up long enough', async () => {
    const log: string[] = [];
    // Exits with code 2 after 300 ms: each run counts as stable (200 ms), so no streak builds.
    running = supervise([{ name: 'worker', start: node('setTimeout(() => process.exit(2), 300)') }], {
      log: (m) => log.push(m),
      initialBackoffMs: 100,
      stableAfterMs: 200,
      maxCrashes: 100,
    });
    await until('three restarts', () => running!.restarts('worker') >= 3);
    const delays = log.filter((l) => l.includes('exited unexpectedly')).map((l) => /\(code 2\); restart #\d+ in (.+)$/.exec(l)?.[1]);
    expect(delays.slice(0, 3)).toEqual(['0.1 s', '0.1 s', '0.1 s']);
  });

  it('gives up on a crash loop: stops the other children and reports a failure', async () => {
    const log: string[] = [];
    const sup = (running = supervise(
      [
        { name: 'web', start: idle },
        { name: 'worker', start: node('process.exit(3)') },
      ],
      { log: (m) => log.push(m), initialBackoffMs: 20, maxBackoffMs: 40, maxCrashes: 4, crashWindowMs: 60_000 },
    ));
    const web = await until('web', () => (alive(sup.current('web')) ? sup.current('web') : null));
    const result = await sup.done;
    expect(result.code).toBe(1);
    expect(result.reason).toBe('worker crashed 4 times within 60 s (last: code 3); giving up');
    expect(sup.restarts('worker')).toBe(3);
    expect(log.filter((l) => l.startsWith('worker (pid'))).toHaveLength(3);
    // Everything else was stopped before supervision ended.
    expect(alive(web)).toBe(false);
  });

  it('stops every child on stop(), killing one that ignores SIGTERM', async () => {
    const sup = (running = supervise(
      [
        { name: 'web', start: idle },
        {
          name: 'stubborn',
          start: () => spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')"], { stdio: ['ignore', 'pipe', 'ignore'] }),
        },
      ],
      { log: () => undefined, stopTimeoutMs: 500 },
    ));
    const web = await until('web', () => (alive(sup.current('web')) ? sup.current('web') : null));
    const stubborn = sup.current('stubborn')!;
    // Its SIGTERM handler is in place once it says so.
    let said = '';
    stubborn.stdout!.on('data', (d) => (said += d));
    await until('stubborn ready', () => said.includes('ready'));
    await sup.stop();
    expect(await sup.done).toEqual({ code: 0, reason: 'stopped' });
    expect(web.signalCode).toBe('SIGTERM');
    expect(stubborn.signalCode).toBe('SIGKILL');
    // No restart after a requested stop.
    expect(sup.current('web')).toBeNull();
    expect(sup.restarts('web')).toBe(0);
  });

  it('supervises a child added later like the first ones, and adds none once stopped', async () => {
    const log: string[] = [];
    const sup = (running = supervise([{ name: 'worker', start: idle }], { log: (m) => log.push(m), initialBackoffMs: 50, maxBackoffMs: 50 }));
    sup.add({ name: 'web', start: idle });
    expect(() => sup.add({ name: 'web', start: idle })).toThrow('web is supervised already');
    const web = await until('web', () => (alive(sup.current('web')) ? sup.current('web') : null));
    web.kill('SIGKILL');
    await until('web restarted', () => sup.restarts('web') === 1 && alive(sup.current('web')));
    expect(log.some((l) => l.startsWith(`web (pid ${web.pid}) exited unexpectedly (signal SIGKILL)`))).toBe(true);
    const last = sup.current('web')!;
    await sup.stop();
    expect(last.signalCode).toBe('SIGTERM');
    sup.add({ name: 'late', start: idle });
    expect(sup.current('late')).toBeNull();
  });
});
