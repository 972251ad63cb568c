// The web process's CPU per system-tools call (GET …/processes, a ~61 KB answer): the route
// handler as the Node server runs it (auth, device lookup, the request over the live channel,
// checking and writing the agent's answer), in this process, against `rmm-agent simulate
// --channels` in another (the bundled agent: its channel code, a simulated machine's process
// table). CPU per call is this process's CPU over the calls, so it holds on a loaded box where
// latency does not. With RMM_BENCH_PROFILE=FILE the measured calls are profiled into FILE
// (summarise: npx tsx bench/profile-summary.ts FILE).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { setupBenchDb } from './setup-bench-db';

const DEVICES = 20;
const CALLS = 1500;
const CONCURRENCY = 4;

const { teardown } = await setupBenchDb('system_tools');
const { makeOrg, makePartner, makePartnerUser, tokenFor } = await import('../tests/helpers/factories');
const { createKey } = await import('../tests/helpers/agents');
const { startTestServer } = await import('../tests/helpers/test-server');
const { agentChannelHub } = await import('@/lib/agent-channel/hub');
const { db } = await import('@/lib/db');
const { serveWithRoute } = await import('@/lib/http/node-adapter');
const { GET: listProcesses } = await import('@/app/api/v1/system-tools/devices/[deviceId]/processes/route');
const { createServer } = await import('node:http');

const server = await startTestServer({ hub: agentChannelHub() });
const partner = await makePartner();
const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
const org = await makeOrg(partner.id);
const key = (await createKey(token, { orgId: org.id })).key;
const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-bench-tools-')), 'state.json');
const agents = spawn(
  process.execPath,
  [path.resolve(import.meta.dirname, '../agent/dist/rmm-agent.cjs'), 'simulate', '--server', server.url, '--key', key, '--devices', String(DEVICES), '--channels', '--no-heartbeat', '--duration', '3600', '--state-file', stateFile, '--json'],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
let agentLog = '';
agents.stderr!.on('data', (d) => (agentLog += d));
const started = Date.now();
while (!agentLog.includes(`channels open ${DEVICES} of ${DEVICES}`)) {
  if (Date.now() - started > 120_000 || agents.exitCode !== null) throw new Error(`the simulated agents did not open their channels\n${agentLog}`);
  await new Promise((r) => setTimeout(r, 200));
}
const hostnames = (JSON.parse(readFileSync(stateFile, 'utf8')) as { devices: { hostname: string }[] }).devices.map((d) => d.hostname);
const deviceIds = (await db.device.findMany({ where: { orgId: org.id, hostname: { in: hostnames } }, select: { id: true } })).map((d) => d.id);

// The handler served as server-fast-paths.ts serves it, on a Node server of its own; the client
// (fetch, in this process) is measured apart and its share taken off.
const web = createServer((req, res) => serveWithRoute(req, res, listProcesses, { deviceId: /devices\/([^/]+)\//.exec(req.url ?? '')![1] }));
await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
const sample = Buffer.from((await (await fetch(`http://127.0.0.1:${(web.address() as { port: number }).port}/api/v1/system-tools/devices/${deviceIds[0]}/processes`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()));
// The client's own share: the same calls to a server that answers the same bytes doing nothing.
const bare = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-length': sample.length }).end(sample));
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const urlOf = (s: typeof web) => `http://127.0.0.1:${(s.address() as { port: number }).port}`;

async function run(base: string, calls: number): Promise<{ cpuMs: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  const worker = async () => {
    while (next < calls) {
      const id = deviceIds[next++ % deviceIds.length];
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/system-tools/devices/${id}/processes`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const used = process.cpuUsage(cpu0);
  return { cpuMs: (used.user + used.system) / 1000, latencies };
}

await run(urlOf(web), 300);
const profiler = process.env.RMM_BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const measured = await run(urlOf(web), CALLS);
if (profiler) writeFileSync(process.env.RMM_BENCH_PROFILE!, JSON.stringify((await profiler.post('Profiler.stop')).profile));
await run(urlOf(bare), 300);
const client = await run(urlOf(bare), CALLS);
const sorted = measured.latencies.sort((a, b) => a - b);
const p = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));
const figures = {
  cpuMsPerCall: Number(((measured.cpuMs - client.cpuMs) / CALLS).toFixed(3)),
  clientCpuMsPerCall: Number((client.cpuMs / CALLS).toFixed(3)),
  answerBytes: sample.length,
  p50: p(0.5),
  p99: p(0.99),
  loadAverage: Number(os.loadavg()[0].toFixed(1)),
};
console.log(`GET …/processes (${sample.length} bytes) through the route handler: ${figures.cpuMsPerCall} ms web CPU per call (client's ${figures.clientCpuMsPerCall} ms taken off), p50 ${figures.p50} ms, p99 ${figures.p99} ms at ${CONCURRENCY} in flight, load ${figures.loadAverage}`);

agents.kill('SIGTERM');
web.close();
bare.close();
await server.stop();
await teardown();
const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'system-tools.json'), JSON.stringify({ at: new Date().toISOString(), unit: 'ms', devices: DEVICES, calls: CALLS, figures }, null, 2));
