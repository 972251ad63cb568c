import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
const { POST } = await import('@/app/api/v1/agents/[agentId]/heartbeat/route');
const health = await import('@/app/api/v1/health/route');
const state = JSON.parse(readFileSync('/tmp/issue4-sim.json', 'utf8'));
const devices = state.devices.slice(0, 2000);
async function beat(d: any) {
  const req = new Request(`http://localhost/api/v1/agents/${d.agentId}/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${d.token}`, 'content-type': 'application/json', 'x-rmm-peer-ip': '127.0.0.1' }, body: JSON.stringify({ agentVersion: '1.0.0-sim', uptimeSeconds: 5, metrics: { cpuPercent: 5, memoryPercent: 50, diskPercent: 20, load1: 0.3 } }) });
  const res = await POST(req, { params: Promise.resolve({ agentId: d.agentId }) });
  if (res.status !== 200) throw new Error(String(res.status) + await res.text());
}
for (let i = 0; i < 200; i++) await beat(devices[i % devices.length]); // warm
for (const [name, fn] of [['heartbeat', (i: number) => beat(devices[i % devices.length])], ['health', async () => { await health.GET(new Request('http://localhost/api/v1/health', { headers: { 'x-rmm-peer-ip': '127.0.0.1' } }), { params: Promise.resolve({}) }); }]] as const) {
  const N = 4000; const C = 32; let next = 0;
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  await Promise.all(Array.from({ length: C }, async () => { while (next < N) { const i = next++; await (fn as any)(i); } }));
  const wall = performance.now() - t0; const cpu = process.cpuUsage(cpu0);
  console.log(name, { perSec: Math.round(N / (wall / 1000)), cpuMsPerReq: ((cpu.user + cpu.system) / 1000 / N).toFixed(3) });
}
process.exit(0);
