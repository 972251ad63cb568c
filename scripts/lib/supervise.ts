// Keeps long-running child processes up like a service manager would: a child that exits on its
// own (a crash, kill -9, an uncaught error) is started again after a capped exponential backoff,
// and the log says which one, how it ended, how many restarts so far and the delay. Only a crash
// loop (too many crashes inside a window) makes it give up. What the children share (the
// database) is not its business: it stays up while a child restarts.
import type { ChildProcess } from 'node:child_process';

export interface SupervisedProcess {
  name: string;
  start: () => ChildProcess;
}

export interface SuperviseOptions {
  log: (message: string) => void;
  /** Delay before the first restart, doubled for each crash in a row up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A child up at least this long counts as healthy: its next crash starts the backoff afresh. */
  stableAfterMs?: number;
  /** Give up when one child crashes this many times within crashWindowMs. */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface SupervisorResult {
  /** 0 after stop(); 1 when supervision gave up on a crash loop. */
  code: number;
  reason: string;
}

export interface Supervisor {
  /** The running process of a child, null while it waits to be restarted. */
  current(name: string): ChildProcess | null;
  /** How many times a child has been restarted. */
  restarts(name: string): number;
  /** Starts one more child under the same supervision (nothing once stopping). */
  add(spec: SupervisedProcess): void;
  /** Stops every child (SIGTERM, then SIGKILL after the timeout); no restarts from now on. */
  stop(): Promise<void>;
  /** Settles when supervision ends, by stop() or by giving up. */
  done: Promise<SupervisorResult>;
}

interface Slot {
  spec: SupervisedProcess;
  child: ChildProcess | null;
  startedAt: number;
  restarts: number;
  /** Crashes since the child last stayed up for stableAfterMs: the backoff exponent. */
  streak: number;
  crashes: number[];
  timer: NodeJS.Timeout | null;
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code ?? 'unknown'}`;
}

export function supervise(specs: SupervisedProcess[], opts: SuperviseOptions): Supervisor {
  const initial = opts.initialBackoffMs ?? 1_000;
  const max = opts.maxBackoffMs ?? 30_000;
  const stableAfter = opts.stableAfterMs ?? 60_000;
  const maxCrashes = opts.maxCrashes ?? 5;
  const window = opts.crashWindowMs ?? 120_000;
  const stopTimeout = opts.stopTimeoutMs ?? 10_000;
  const slots = new Map<string, Slot>();
  let stopping = false;
  let finish!: (result: SupervisorResult) => void;
  const done = new Promise<SupervisorResult>((resolve) => (finish = resolve));

  const launch = (slot: Slot) => {
    slot.timer = null;
    if (stopping) return;
    const child = slot.spec.start();
    slot.child = child;
    slot.startedAt = Date.now();
    // A spawn failure (e.g. the binary is gone) is reported as an exit too.
    child.once('error', (error) => opts.log(`${slot.spec.name} could not start: ${error.message}`));
    child.once('exit', (code, signal) => onExit(slot, child, code, signal));
  };

  const onExit = (slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) => {
    if (slot.child !== child) return;
    slot.child = null;
    if (stopping) return;
    const now = Date.now();
    if (now - slot.startedAt >= stableAfter) slot.streak = 0;
    slot.streak += 1;
    slot.crashes = [...slot.crashes.filter((t) => now - t < window), now];
    const how = describeExit(code, signal);
    if (slot.crashes.length >= maxCrashes) {
      const reason = `${slot.spec.name} crashed ${slot.crashes.length} times within ${Math.round(window / 1000)} s (last: ${how}); giving up`;
      opts.log(reason);
      void stopAll().then(() => finish({ code: 1, reason }));
      return;
    }
    const delay = Math.min(max, initial * 2 ** (slot.streak - 1));
    slot.restarts += 1;
    opts.log(`${slot.spec.name} (pid ${child.pid}) exited unexpectedly (${how}); restart #${slot.restarts} in ${(delay / 1000).toFixed(1)} s`);
    slot.timer = setTimeout(() => {
      launch(slot);
      if (slot.child) opts.log(`${slot.spec.name} restarted (pid ${slot.child.pid})`);
    }, delay);
  };

  const stopAll = async () => {
    stopping = true;
    const running: Promise<void>[] = [];
    for (const slot of slots.values()) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      const child = slot.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeout);
      running.push(exited.finally(() => clearTimeout(timer)));
    }
    await Promise.all(running);
  };

  const add = (spec: SupervisedProcess) => {
    if (stopping) return;
    if (slots.has(spec.name)) throw new Error(`${spec.name} is supervised already`);
    const slot: Slot = { spec, child: null, startedAt: 0, restarts: 0, streak: 0, crashes: [], timer: null };
    slots.set(spec.name, slot);
    launch(slot);
  };
  for (const spec of specs) add(spec);

  return {
    current: (name) => slots.get(name)?.child ?? null,
    restarts: (name) => slots.get(name)?.restarts ?? 0,
    add,
    async stop() {
      if (stopping) return void (await done);
      await stopAll();
      finish({ code: 0, reason: 'stopped' });
    },
    done,
  };
}
