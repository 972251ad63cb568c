// Load process for scenario 9: every device of `--state` (agent id and token, as the simulate
// state file holds them) uploads one patch scan through PUT /agents/:agentId/patches, with
// `--concurrency` uploads in flight, each device once. Prints one JSON report.
//
// A device's scan is made up the way a real fleet's looks: it has `--packages` packages from a
// shared pool, most of them the same popular ones on every device (a skewed draw), and
// `--updates` of them have an update available. A package's candidate version is shared by the
// fleet, except that some packages have two release tracks (an older and a newer candidate), so
// the catalogue holds about one row per updatable package and the device rows point at shared
// catalogue rows. The draw depends only on the device's position: a second run sends every
// device the same scan again (a rescan with nothing new).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Histogram } from '../../agent/src/simulate';

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    state: { type: 'string' },
    concurrency: { type: 'string', default: '64' },
    packages: { type: 'string', default: '50' },
    updates: { type: 'string', default: '10' },
    pool: { type: 'string', default: '2000' },
  },
});
const base = new URL(values.server!);
const concurrency = Number(values.concurrency);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const { devices } = JSON.parse(readFileSync(values.state!, 'utf8')) as { devices: { agentId: string; token: string }[] };

const MAX_ATTEMPTS = 10;
const SEVERITIES = ['critical', 'important', 'moderate', 'moderate', 'low', 'low', 'unknown', 'unknown'] as const;

/** A small deterministic PRNG (mulberry32): the same device gets the same scan every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Update { name: string; installedVersion: string; version: string; architecture: string; origin: string; severity: string; cveIds: string[]; description: string }

/** Package i of the pool: its update (one or two release tracks) as the agent reports it. */
function poolUpdate(i: number, track: number): Update {
  const r = rng(i * 7919 + 17);
  const severity = SEVERITIES[Math.floor(r() * SEVERITIES.length)];
  const cves = severity === 'critical' || severity === 'important' ? Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => `CVE-2026-${String(10000 + ((i * 13 + k * 7) % 89999)).padStart(5, '0')}`) : [];
  const major = 1 + (i % 9);
  return {
    name: `benchpkg-${String(i).padStart(5, '0')}`,
    installedVersion: `${major}.${i % 17}.0-1`,
    version: `${major}.${i % 17}.${1 + track}-1ubuntu0.${track + 1}`,
    architecture: 'amd64',
    origin: track ? 'Ubuntu:24.04/noble-security' : 'Ubuntu:24.04/noble-updates',
    severity,
    cveIds: cves,
    description: `Simulated update ${i} for the patch ingest bench`,
  };
}

function scanOf(index: number): { manager: 'apt'; refreshed: true; updates: Update[] } {
  const r = rng(index + 1);
  const pool = Number(values.pool);
  const installed = new Set<number>();
  // Skewed draw: squaring a uniform number puts most picks on the low (popular) end of the pool.
  while (installed.size < Number(values.packages)) installed.add(Math.floor(r() * r() * pool));
  const withUpdates = [...installed].filter((_, k) => k % Math.max(1, Math.round(Number(values.packages) / Number(values.updates))) === 0).slice(0, Number(values.updates));
  // One package in five has two release tracks; which one a device is on follows its position.
  return { manager: 'apt', refreshed: true, updates: withUpdates.map((i) => poolUpdate(i, i % 5 === 0 ? index % 2 : 0)) };
}

function put(path: string, token: string, body: string): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, method: 'PUT', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 1) || 1 }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const hist = new Histogram();
  const errors: Record<string, number> = {};
  let next = 0;
  let updates = 0;
  let shed = 0;
  const started = performance.now();
  const uploader = async () => {
    for (let i = next++; i < devices.length; i = next++) {
      const scan = scanOf(i);
      updates += scan.updates.length;
      const body = JSON.stringify(scan);
      // 503 (the app shedding load) is retried after its Retry-After, as the agent does; the
      // latency recorded is the accepted attempt's, the retries are counted apart.
      for (let attempt = 1; ; attempt++) {
        const t0 = performance.now();
        try {
          const res = await put(`/api/v1/agents/${devices[i].agentId}/patches`, devices[i].token, body);
          if (res.status === 503 && attempt < MAX_ATTEMPTS) {
            shed++;
            await new Promise((r) => setTimeout(r, res.retryAfter * 1000));
            continue;
          }
          hist.record(performance.now() - t0);
          if (res.status !== 200) errors[res.status] = (errors[res.status] ?? 0) + 1;
        } catch {
          errors.network = (errors.network ?? 0) + 1;
        }
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, uploader));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({
    uploads: hist.count,
    updates,
    seconds: Math.round(seconds * 100) / 100,
    uploadsPerSecond: Math.round((hist.count / seconds) * 10) / 10,
    latencyMs: { p50: hist.percentile(50), p95: hist.percentile(95), p99: hist.percentile(99), max: Math.round(hist.max) },
    shed503: shed,
    errors: { total: Object.values(errors).reduce((a, b) => a + b, 0), byKind: errors },
  }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
