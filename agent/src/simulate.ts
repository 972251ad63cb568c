// `simulate --devices N`: N virtual devices from one process, for load tests. Each device
// enrolls once (credentials are kept in a state file for later runs) and then heartbeats on
// the server's interval with its own random phase, so the load is spread evenly. Commands are
// answered with simulated results. Reports sustained heartbeats/s, latency percentiles and errors.
// `--server` may list several base URLs (comma-separated, e.g. several app processes): beats
// rotate over them, so one device's consecutive beats reach different processes.
// `--channels`: each device also keeps a live channel open (to the first server) and answers
// system tools from a simulated machine (simulate-channels.ts); a wake claims the command at once.
// `--no-heartbeat` leaves only the channels (and the beats wakes ask for), until the duration
// ends or SIGTERM.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, ApiError, withRetry } from './http';
import { AGENT_VERSION } from './version';
import { openChannels, type ChannelFleet } from './simulate-channels';

export interface SimulateOptions {
  server: string;
  key: string;
  secret?: string;
  devices: number;
  durationSeconds: number;
  intervalSeconds?: number;
  enrollConcurrency: number;
  maxSockets: number;
  stateFile: string;
  json: boolean;
  /** Keep a live channel open per device. */
  channels?: boolean;
  /** false: no periodic heartbeats (with channels: only the beats a wake asks for). */
  heartbeats?: boolean;
}

interface VirtualDevice {
  hostname: string;
  agentId: string;
  token: string;
}

interface SimState {
  server: string;
  devices: VirtualDevice[];
}

/** Latency histogram in 0.1 ms buckets up to 60 s: constant memory for any number of samples. */
export class Histogram {
  private readonly buckets = new Uint32Array(600_001);
  count = 0;
  sum = 0;
  max = 0;
  record(ms: number): void {
    this.buckets[Math.min(this.buckets.length - 1, Math.round(ms * 10))]++;
    this.count++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
  }
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const target = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i];
      if (seen >= target) return i / 10;
    }
    return this.max;
  }
}

function loadState(file: string, server: string): SimState {
  if (existsSync(file)) {
    const state = JSON.parse(readFileSync(file, 'utf8')) as SimState;
    if (state.server === server) return state;
  }
  return { server, devices: [] };
}

function saveState(file: string, state: SimState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state), { mode: 0o600 });
}

async function enrollMissing(api: ApiClient, opts: SimulateOptions, state: SimState, say: (m: string) => void): Promise<number> {
  const missing = opts.devices - state.devices.length;
  if (missing <= 0) return 0;
  say(`enrolling ${missing} virtual devices…`);
  const run = Math.random().toString(36).slice(2, 8);
  let next = state.devices.length;
  let enrolled = 0;
  const worker = async () => {
    while (next < opts.devices) {
      const i = next++;
      const hostname = `sim-${run}-${String(i).padStart(6, '0')}`;
      const body = {
        enrollmentKey: opts.key,
        ...(opts.secret ? { enrollmentSecret: opts.secret } : {}),
        hostname,
        osType: 'linux',
        osVersion: 'Simulated Linux',
        architecture: 'amd64',
        agentVersion: `${AGENT_VERSION}-sim`,
      };
      const res = await withRetry(() => api.request<{ agentId: string; authToken: string }>('POST', '/agents/enroll', body), 8, 500);
      state.devices.push({ hostname, agentId: res.body.agentId, token: res.body.authToken });
      enrolled++;
      if (enrolled % 1000 === 0) {
        say(`  ${enrolled}/${missing} enrolled`);
        saveState(opts.stateFile, state);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(opts.enrollConcurrency, missing) }, worker));
  } finally {
    saveState(opts.stateFile, state);
  }
  return enrolled;
}

function metrics() {
  return {
    cpuPercent: Math.round(Math.random() * 1000) / 10,
    memoryPercent: Math.round((30 + Math.random() * 50) * 10) / 10,
    diskPercent: Math.round((20 + Math.random() * 60) * 10) / 10,
    load1: Math.round(Math.random() * 400) / 100,
  };
}

export async function simulate(opts: SimulateOptions): Promise<Record<string, unknown>> {
  const say = (m: string) => process.stderr.write(`[simulate] ${m}\n`);
  const servers = opts.server.split(',').map((s) => s.trim()).filter(Boolean);
  const clients = servers.map((s) => new ApiClient(s, { maxSockets: opts.maxSockets, timeoutMs: 30_000 }));
  const api = clients[0];
  let turn = 0;
  const nextApi = () => clients[turn++ % clients.length];
  const state = loadState(opts.stateFile, api.base);
  const newlyEnrolled = await enrollMissing(api, opts, state, say);
  const devices = state.devices.slice(0, opts.devices);

  const hist = new Histogram();
  // After the first interval every device has beaten once: connections are warm and the load is
  // evenly spread. `steady` reports from then on; progress lines report their own window.
  const steady = new Histogram();
  let window = new Histogram();
  const errors = new Map<string, number>();
  let commands = 0;
  // A command id received twice means two beats claimed it: the exactly-once claim failed.
  const seenCommands = new Set<string>();
  let duplicateCommands = 0;
  let intervalSeconds = opts.intervalSeconds ?? 0;
  const countError = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);

  const heartbeats = opts.heartbeats !== false;
  // One beat learns the server's interval unless --interval overrides it.
  if (!intervalSeconds && heartbeats) {
    const probe = await api.request<{ heartbeatIntervalSeconds: number }>('POST', `/agents/${devices[0].agentId}/heartbeat`, { metrics: metrics() }, devices[0].token);
    intervalSeconds = probe.body.heartbeatIntervalSeconds;
  }
  if (heartbeats) say(`${devices.length} devices heartbeating every ${intervalSeconds} s (target ${(devices.length / intervalSeconds).toFixed(1)} beats/s) for ${opts.durationSeconds} s`);

  const answer = async (d: VirtualDevice, c: { id: string; type: string }) => {
    commands++;
    if (seenCommands.has(c.id)) duplicateCommands++;
    seenCommands.add(c.id);
    const api = nextApi();
    try {
      if (c.type === 'refresh_inventory') {
        await api.request('PUT', `/agents/${d.agentId}/inventory`, { hardware: { simulated: true }, os: { name: 'Simulated Linux' }, software: [] }, d.token);
      }
      await api.request('POST', `/agents/${d.agentId}/commands/${c.id}/result`, { status: 'completed', exitCode: 0, stdout: `simulated ${c.type}\n` }, d.token);
    } catch {
      countError('command_result');
    }
  };

  const started = Date.now();
  const cpuStart = process.cpuUsage();
  const deadline = started + opts.durationSeconds * 1000;
  let stopping = false;
  let lastReport = started;
  const progress = setInterval(() => {
    const now = Date.now();
    const rate = (window.count * 1000) / (now - lastReport);
    say(`${Math.round((now - started) / 1000)} s: ${rate.toFixed(1)} beats/s, p50 ${window.percentile(50).toFixed(1)} ms, p99 ${window.percentile(99).toFixed(1)} ms, errors ${[...errors.values()].reduce((a, b) => a + b, 0)}`);
    lastReport = now;
    window = new Histogram();
  }, 10_000);

  const inflight = new Set<Promise<void>>();
  const beat = async (d: VirtualDevice) => {
    const t0 = performance.now();
    try {
      const res = await nextApi().request<{ commands: { id: string; type: string }[] }>('POST', `/agents/${d.agentId}/heartbeat`, { agentVersion: `${AGENT_VERSION}-sim`, uptimeSeconds: Math.round((Date.now() - started) / 1000), metrics: metrics() }, d.token);
      const ms = performance.now() - t0;
      hist.record(ms);
      window.record(ms);
      // Steady state: from the second interval to the deadline (beats still draining after it are not counted).
      const now = Date.now();
      if (now - started >= intervalSeconds * 1000 && now <= deadline) steady.record(ms);
      // Awaited so a run never ends with results still in flight (the beat's latency is already taken).
      await Promise.all((res.body.commands ?? []).map((c) => answer(d, c)));
    } catch (error) {
      countError(error instanceof ApiError ? String(error.status) : 'network');
    }
  };
  const schedule = (d: VirtualDevice, at: number) => {
    const timer = setTimeout(() => {
      if (stopping) return;
      const p = beat(d).finally(() => inflight.delete(p));
      inflight.add(p);
      schedule(d, at + intervalSeconds * 1000);
    }, Math.max(0, at - Date.now()));
    timer.unref?.();
  };
  if (heartbeats) for (const d of devices) schedule(d, started + Math.random() * intervalSeconds * 1000);
  let fleet: ChannelFleet | null = null;
  let channelsOpenedMs: number | null = null;
  if (opts.channels) {
    // A wake means a command is queued for the device: it beats now and claims it.
    fleet = await openChannels(servers[0], devices, (i) => {
      if (stopping) return;
      const p = beat(devices[i]).finally(() => inflight.delete(p));
      inflight.add(p);
    });
    for (;;) {
      const open = fleet.open();
      if (open === devices.length || Date.now() > deadline) {
        channelsOpenedMs = Date.now() - started;
        say(`channels open ${open} of ${devices.length} in ${(channelsOpenedMs / 1000).toFixed(1)} s`);
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  // SIGTERM/SIGINT end the run early with a report (a harness stops it once it has what it needs).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    const early = () => (clearTimeout(timer), resolve());
    process.once('SIGTERM', early);
    process.once('SIGINT', early);
  });
  stopping = true;
  clearInterval(progress);
  const channelsOpenAtEnd = fleet?.open() ?? 0;
  fleet?.stop();
  await Promise.all(inflight);
  for (const client of clients) client.close();

  const elapsed = (Date.now() - started) / 1000;
  const steadySeconds = Math.max(0.001, (Math.min(Date.now(), deadline) - started) / 1000 - intervalSeconds);
  const latency = (h: Histogram) => ({
    p50: h.percentile(50),
    p90: h.percentile(90),
    p95: h.percentile(95),
    p99: h.percentile(99),
    max: Math.round(h.max * 10) / 10,
    mean: h.count ? Math.round((h.sum / h.count) * 10) / 10 : 0,
  });
  const cpuUsed = process.cpuUsage(cpuStart);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const report = {
    devices: devices.length,
    newlyEnrolled,
    intervalSeconds,
    durationSeconds: Math.round(elapsed * 10) / 10,
    heartbeats: hist.count,
    targetHeartbeatsPerSecond: heartbeats ? Math.round((devices.length / intervalSeconds) * 10) / 10 : 0,
    heartbeatsPerSecond: Math.round((hist.count / elapsed) * 10) / 10,
    latencyMs: latency(hist),
    steady: elapsed > intervalSeconds ? { heartbeatsPerSecond: Math.round((steady.count / steadySeconds) * 10) / 10, latencyMs: latency(steady) } : null,
    errors: { total: errorCount, byKind: Object.fromEntries(errors) },
    channels: fleet
      ? { open: channelsOpenAtEnd, openedInSeconds: channelsOpenedMs === null ? null : Math.round(channelsOpenedMs / 100) / 10, answered: Object.fromEntries(fleet.answered) }
      : null,
    commandsAnswered: commands,
    duplicateCommands,
    // The load generator's own CPU: on a small box it competes with the server it measures.
    cpuSeconds: Math.round((cpuUsed.user + cpuUsed.system) / 1e4) / 100,
  };
  return report;
}
