// Scenario 14: the live agent channel. 10,000 agents (a tenth with --quick) keep a channel open
// to ONE web process: `rmm-agent simulate --channels --no-heartbeat` (the reference agent's own
// channel code, from one process) for all but one, whose system tools answer a simulated machine
// (~270 processes, ~61 KB); the first device is bench/load/channel-agents.ts with real PTYs, for
// the terminal. The scenario reports that web process's memory per open connection, the p99 of a
// system-tools round trip (GET …/processes) at 100 requests/s spread over the devices with the web
// process's CPU per call (robust on a shared box, unlike the latency) and the load average, and on
// a terminal session: keystroke-to-echo p99 with the viewer's WebSocket on the process holding the
// channel and on a second web process (the relay between them; needs --procs 2), and the
// throughput of a large `cat`.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { db } from '@/lib/db';
import { startLoad } from '../lib/child';
import { writeSimulateState } from '../lib/seed';
import { treeRss } from '../lib/rss';
import { cpuPerOp, mb, skipped, type Scenario, type ScenarioResult } from '../lib/types';

const DEVICES = 10_000;
const RATE = 100;

/** The web process's V8 heap in use, from its Prometheus scrape (GET /metrics with METRICS_TOKEN). */
async function heapUsed(url: string, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
  if (!res?.ok) return null;
  const match = /^nodejs_heap_size_used_bytes\s+(\d+(?:\.\d+)?)/m.exec(await res.text());
  return match ? Number(match[1]) : null;
}

interface ToolsReport {
  requests: number;
  ok: number;
  achievedPerSecond: number;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null; n: number };
  errors: Record<string, number>;
}
interface TerminalReport {
  keystrokes: number;
  echoMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null };
  cat: { bytes: number; seconds: number; mbPerSecond: number };
}

export const agentChannelScenario: Scenario = {
  key: '14',
  title: 'live agent channel',
  fleetSize: DEVICES,
  async run(ctx) {
    const count = Math.max(1, Math.round(DEVICES / ctx.scale.factor));
    const devices = ctx.fleet.slice(0, count);
    const holder = ctx.stack.urls[0];
    const webPid = ctx.stack.web[0].pid!;
    const terminalState = path.join(ctx.workDir, '14-terminal-state.json');
    writeSimulateState(terminalState, holder, devices.slice(0, 1));
    const simulateState = path.join(ctx.workDir, '14-simulate-state.json');
    writeSimulateState(simulateState, holder, devices.slice(1));
    const idsFile = path.join(ctx.workDir, '14-channel-devices.txt');
    writeFileSync(idsFile, devices.map((d) => d.deviceId).join('\n'));

    ctx.log(`scenario 14: ${count} agents open a channel to ${holder}`);
    const metricsToken = ctx.stack.env.METRICS_TOKEN;
    const rssBefore = treeRss(webPid);
    const heapBefore = await heapUsed(holder, metricsToken);
    let terminalOpen = false;
    let simulatedOpen = count === 1;
    const terminalAgent = startLoad<Record<string, unknown>>('bench/load/channel-agents.ts', ['--server', holder, '--state', terminalState], {
      onStderr: (line) => line.startsWith('[channels]') && (terminalOpen = true),
    });
    // Every device is enrolled already (the state file has their credentials): no key is used.
    const simulated =
      count > 1
        ? startLoad<{ channels: { open: number; openedInSeconds: number | null; answered: Record<string, number> } | null; cpuSeconds: number }>(
            'agent/src/main.ts',
            ['simulate', '--server', holder, '--key', 'unused-every-device-is-enrolled', '--devices', String(count - 1), '--channels', '--no-heartbeat', '--duration', '86400', '--state-file', simulateState, '--json'],
            {
              onStderr: (line) => {
                if (!line.includes('channels open')) return;
                simulatedOpen = true;
                ctx.log(`  ${line}`);
              },
            },
          )
        : null;
    const deadline = Date.now() + 600_000;
    const running = () => terminalAgent.child.exitCode === null && (!simulated || simulated.child.exitCode === null);
    while (!(terminalOpen && simulatedOpen) && Date.now() < deadline && running()) await new Promise((r) => setTimeout(r, 500));
    // Every channel registered: its presence row is what other processes route by.
    let present = 0;
    while (Date.now() < deadline) {
      present = await db.agentChannelPresence.count({ where: { deviceId: { in: devices.map((d) => d.deviceId) }, leaseExpiresAt: { gt: new Date() } } });
      if (present >= count) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // Settled memory: sampled a few times once every channel is open, the lowest kept (GC noise).
    let rssOpen = Infinity;
    let heapOpen = Infinity;
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 500));
      rssOpen = Math.min(rssOpen, treeRss(webPid));
      heapOpen = Math.min(heapOpen, (await heapUsed(holder, metricsToken)) ?? Infinity);
    }
    const perConnectionKb = Math.round((rssOpen - rssBefore) / present / 102.4) / 10;
    const heapPerConnectionKb = heapBefore !== null && Number.isFinite(heapOpen) ? Math.round((heapOpen - heapBefore) / present / 102.4) / 10 : null;
    ctx.log(`  ${present} channels present; web process rss ${mb(rssBefore)} -> ${mb(rssOpen)} MiB (${perConnectionKb} KiB per connection), heap ${heapPerConnectionKb} KiB per connection`);

    const seconds = Math.max(10, Math.round(60 / ctx.scale.factor) * 2);
    const loadBefore = os.loadavg()[0];
    ctx.stack.rss.reset();
    const tools = await startLoad<ToolsReport>('bench/load/channel-calls.ts', ['--mode', 'tools', '--url', holder, '--token', ctx.tenant.adminToken, '--devices', idsFile, '--rate', String(RATE), '--seconds', String(seconds)]).result;
    const rssTools = ctx.stack.rss.peak();
    const cpu = ctx.stack.rss.cpu();
    const loadAfter = os.loadavg()[0];
    const cpuMsPerOp = cpuPerOp(cpu, tools.ok);
    ctx.log(`  ${tools.ok} calls: web CPU ${cpuMsPerOp?.app} ms per call, p99 ${tools.latencyMs.p99} ms, load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}`);
    const toolErrors = Object.values(tools.errors).reduce((a, b) => a + b, 0);
    const rows: ScenarioResult[] = [
      {
        id: '14-channel-tools',
        scenario: '14 system tools over the channel',
        load: `GET …/processes @${RATE}/s over ${present} open channels, ${seconds} s`,
        throughput: tools.achievedPerSecond,
        unit: 'req/s',
        p50: tools.latencyMs.p50,
        p95: tools.latencyMs.p95,
        p99: tools.latencyMs.p99,
        errors: toolErrors,
        rssMb: { app: mb(rssTools.app ?? 0), worker: mb(rssTools.worker ?? 0) },
        cpuMsPerOp,
        target: 'p99<=1000 ms, no errors',
        met: toolErrors === 0 && (tools.latencyMs.p99 ?? Infinity) <= 1000,
        extra: { channels: count, present, rssBeforeMb: mb(rssBefore), rssOpenMb: mb(rssOpen), perConnectionKb, heapPerConnectionKb, errorsByKind: tools.errors, maxMs: tools.latencyMs.max, cpuSeconds: cpu, loadAverage: { before: loadBefore, after: loadAfter } },
      },
    ];

    const terminalRun = async (viewer: string, label: string, id: string) => {
      const report = await startLoad<TerminalReport>('bench/load/channel-calls.ts', ['--mode', 'terminal', '--url', holder, '--viewer', viewer, '--token', ctx.tenant.adminToken, '--device', devices[0].deviceId, '--keys', '200', '--cat-mb', ctx.scale.factor > 1 ? '16' : '64']).result;
      rows.push({
        id,
        scenario: `14 terminal, ${label}`,
        load: `200 keystrokes, then cat ${Math.round(report.cat.bytes / 1024 / 1024)} MiB`,
        throughput: report.cat.mbPerSecond,
        unit: 'MB/s (cat)',
        p50: report.echoMs.p50,
        p95: report.echoMs.p95,
        p99: report.echoMs.p99,
        errors: 0,
        rssMb: { app: mb(ctx.stack.rss.peak().app ?? 0), worker: mb(ctx.stack.rss.peak().worker ?? 0) },
        target: 'keystroke echo p99<=100 ms',
        met: (report.echoMs.p99 ?? Infinity) <= 100,
        extra: { echoMaxMs: report.echoMs.max, cat: report.cat },
      });
    };
    await terminalRun(holder, 'one web process', '14-terminal-one');
    if (ctx.stack.urls.length > 1) await terminalRun(ctx.stack.urls[1], 'two web processes (relayed)', '14-terminal-two');
    else rows.push(skipped('14-terminal-two', '14 terminal, two web processes', 'keystroke echo p99<=100 ms', 'one web process: run with --procs 2'));

    terminalAgent.child.kill('SIGTERM');
    simulated?.child.kill('SIGTERM');
    const simulatedReport = simulated ? await simulated.result.catch(() => null) : null;
    rows[0].extra = { ...rows[0].extra, terminalAgent: await terminalAgent.result.catch(() => null), simulated: simulatedReport && { channels: simulatedReport.channels, cpuSeconds: simulatedReport.cpuSeconds } };
    return rows;
  },
};
