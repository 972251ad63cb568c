// Heartbeat cost with alert rules: per-beat latency through the real route handler for a
// fleet with no rules, with 20 metric rules and healthy devices (the common case: cached rules,
// no extra query), and with every device breaching (streak upserts, alerts raised once).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setupBenchDb } from './setup-bench-db';

const DEVICES = 40;
const ROUNDS = 15;
const figures: Record<string, number> = {};

const { teardown } = await setupBenchDb('alerts');
const { api } = await import('../tests/helpers/http');
const { makeOrg, makePartner, makePartnerUser, tokenFor } = await import('../tests/helpers/factories');
const { createKey, enroll, heartbeat } = await import('../tests/helpers/agents');
type Agent = Awaited<ReturnType<typeof enroll>>;

const partner = await makePartner();
const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
const org = await makeOrg(partner.id);
const key = (await createKey(token, { orgId: org.id })).key;
const agents: Agent[] = [];
for (let i = 0; i < DEVICES; i++) agents.push(await enroll(key, {}, `10.1.${i}.7`));

async function round(label: string, cpu: number) {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const a of agents) {
      const started = performance.now();
      const res = await heartbeat(a, { metrics: { cpuPercent: cpu, memoryPercent: 40, diskPercent: 50 } });
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    }
  }
  times.sort((x, y) => x - y);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  figures[`${label} p50`] = Number(p(0.5).toFixed(2));
  figures[`${label} p95`] = Number(p(0.95).toFixed(2));
  console.log(`${label.padEnd(48)} p50 ${p(0.5).toFixed(2).padStart(6)} ms   p95 ${p(0.95).toFixed(2).padStart(6)} ms   (${times.length} beats)`);
}

await round('warm-up', 10);
await round('no rules, healthy', 10);
for (let i = 0; i < 20; i++) {
  const res = await api.post('/alerts/rules', { token, body: { name: `Rule ${i}`, severity: 'high', orgId: org.id, condition: { type: 'metric', metric: i % 2 ? 'cpu' : 'memory', operator: 'gt', threshold: 90 + (i % 5) } } });
  if (res.status !== 201) throw new Error(`rule: ${res.status} ${res.text}`);
}
await round('20 metric rules, healthy devices', 10);
await round('20 metric rules, every device breaching cpu', 99);
await round('20 metric rules, back to healthy (auto-resolve)', 10);
await round('20 metric rules, healthy again', 10);

await teardown();
const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'alert-heartbeat.json'), JSON.stringify({ at: new Date().toISOString(), unit: 'ms', devices: DEVICES, rounds: ROUNDS, figures }, null, 2));
