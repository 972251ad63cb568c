// Vulnerability findings at fleet size, in-process against a database of its own (the
// recomputation is the worker's code; the reads go through the real route handlers):
// 10,000 Debian 12 devices × 500 packages (5,000,000 inventory rows) from a pool of 20,000
// package names, and a synthetic OSV feed of 50,000 advisories over those names (fixed versions
// spread so that a device has a few dozen findings). Measures loading the feed, the full
// recomputation it queues (every chunk of package names, as the worker runs them), peak memory,
// an incremental recompute (one device's inventory; a feed change touching 10 packages), and
// the p95 of GET /vulnerabilities, /vulnerabilities/software and /vulnerabilities/stats.
// `npx tsx bench/vulnerabilities.bench.ts [--quick]` (--quick: 1,000 devices, 10,000 advisories).
import { performance } from 'node:perf_hooks';
import { setupBenchDb } from './setup-bench-db';

const quick = process.argv.includes('--quick');
const DEVICES = quick ? 1_000 : 10_000;
const PACKAGES_PER_DEVICE = 500;
const POOL = 20_000;
const ADVISORIES = quick ? 10_000 : 50_000;
const READS = 40;

const { teardown } = await setupBenchDb('vulns');
const { db } = await import('@/lib/db');
const { api } = await import('../tests/helpers/http');
const { makeOrg, makePartner, makePartnerUser, tokenFor } = await import('../tests/helpers/factories');
const { loadFeedDocument } = await import('@/lib/vulnerabilities/load-feed-document');
const { recomputeDevices, recomputePackages } = await import('@/lib/vulnerabilities/recompute-findings');
const { PACKAGES_PER_JOB } = await import('@/lib/vulnerabilities/enqueue-recompute');

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const mb = (b: number) => Math.round(b / 1024 / 1024);
const say = (m: string) => console.log(m);

async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  const ms = Math.round(performance.now() - t);
  say(`${label.padEnd(64)} ${String(ms).padStart(8)} ms`);
  return { ms, value };
}

// --- the fleet -------------------------------------------------------------------------------
const partner = await makePartner();
const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
const orgs = await Promise.all(Array.from({ length: 10 }, () => makeOrg(partner.id)));
await timed(`seed ${DEVICES} devices × ${PACKAGES_PER_DEVICE} packages`, async () => {
  await db.$executeRaw`
    insert into devices (id, partner_id, org_id, hostname, status, os_type, updated_at)
    select gen_random_uuid(), ${partner.id}::uuid, (${orgs.map((o) => o.id)}::uuid[])[1 + g % 10], 'bench-' || g, 'online', 'linux', now()
    from generate_series(1, ${DEVICES}) g`;
  await db.$executeRaw`
    insert into device_inventory (device_id, partner_id, org_id, os, collected_at)
    select id, partner_id, org_id, '{"name":"Debian GNU/Linux","version":"12"}'::jsonb, now() from devices where partner_id = ${partner.id}::uuid`;
  // 500 distinct names per device (a stride of 37 over the pool from a per-device offset), versions 1.0-1 … 1.99-1.
  await db.$executeRaw`
    insert into device_software (id, device_id, partner_id, org_id, name, version, source)
    select gen_random_uuid(), d.id, d.partner_id, d.org_id, 'pkg-' || ((d.n * 101 + g * 37) % ${POOL}), '1.' || ((d.n * 7 + g * 13) % 100) || '-1', 'dpkg'
    from (select id, partner_id, org_id, row_number() over (order by id) as n from devices where partner_id = ${partner.id}::uuid) d
    cross join generate_series(1, ${PACKAGES_PER_DEVICE}) g`;
  await db.$executeRawUnsafe('analyze devices; analyze device_software; analyze device_inventory');
});

// --- the feed --------------------------------------------------------------------------------
const record = (i: number, fixed: number) => ({
  id: `DEBIAN-CVE-2090-${String(i).padStart(6, '0')}`,
  modified: '2026-01-01T00:00:00Z',
  affected: [{ package: { ecosystem: 'Debian:12', name: `pkg-${i % POOL}` }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: `1.${fixed}-1` }] }] }],
  severity: [{ type: 'CVSS_V3', score: i % 7 === 0 ? 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' : 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N' }],
});
const feedDoc = JSON.stringify(Array.from({ length: ADVISORIES }, (_, i) => record(i, (i * 7) % 10)));
const feed = await db.vulnerabilityFeed.create({ data: { kind: 'osv', name: 'bench' } });
const loaded = await timed(`load a ${ADVISORIES}-advisory OSV feed (${mb(feedDoc.length)} MiB)`, () => loadFeedDocument(feed, feedDoc));
say(`  ${JSON.stringify(loaded.value)}`);
await db.$executeRawUnsafe('delete from graphile_worker._private_jobs');

// --- full recompute, chunk by chunk as the worker would run the queued jobs --------------------
const names = Array.from({ length: POOL }, (_, i) => `pkg-${i}`).sort();
peakRss = 0;
const full = await timed(`recompute: ${Math.ceil(POOL / PACKAGES_PER_JOB)} jobs of ${PACKAGES_PER_JOB} package names`, async () => {
  const total = { upserted: 0, resolved: 0 };
  for (let i = 0; i < names.length; i += PACKAGES_PER_JOB) {
    const r = await recomputePackages(names.slice(i, i + PACKAGES_PER_JOB));
    total.upserted += r.upserted;
    total.resolved += r.resolved;
  }
  return total;
});
const findings = await db.vulnerabilityFinding.count();
say(`  ${findings} findings (${(findings / DEVICES).toFixed(1)} per device), peak RSS ${mb(peakRss)} MiB`);
await db.$executeRawUnsafe('analyze vulnerability_findings');

// --- incremental ------------------------------------------------------------------------------
const one = await db.device.findFirstOrThrow({ where: { partnerId: partner.id }, select: { id: true } });
await db.$executeRaw`update device_software set version = '1.99-1' where device_id = ${one.id}::uuid and name in (select name from device_software where device_id = ${one.id}::uuid limit 50)`;
const dev = await timed('recompute one device after its inventory changed', () => recomputeDevices([one.id]));
say(`  ${JSON.stringify(dev.value)}`);
const changed = JSON.parse(feedDoc) as ReturnType<typeof record>[];
for (let i = 0; i < 10; i++) changed[i].affected[0].ranges[0].events[1] = { fixed: '1.50-1' };
const current = await db.vulnerabilityFeed.findUniqueOrThrow({ where: { id: feed.id } });
const reload = await timed('reload the feed with 10 advisories changed (diff + queue)', () => loadFeedDocument(current, JSON.stringify(changed)));
say(`  ${JSON.stringify(reload.value)}`);
const queued = await db.$queryRaw<{ payload: { packageNames: string[] } }[]>`select payload from graphile_worker._private_jobs`;
const inc = await timed(`recompute the ${reload.value.packagesQueued} changed packages across the fleet`, async () => {
  for (const j of queued) await recomputePackages(j.payload.packageNames);
});

// --- reads --------------------------------------------------------------------------------------
async function p95(label: string, path: string, query: Record<string, string> = {}) {
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t = performance.now();
    const res = await api.get(path, { token, query });
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const p = Math.round(times[Math.floor(times.length * 0.95) - 1]);
  say(`${`${label} p50/p95`.padEnd(64)} ${String(Math.round(times[Math.floor(times.length / 2)])).padStart(5)} / ${p} ms`);
  return p;
}
await api.get('/vulnerabilities', { token }); // warm-up
const reads = {
  list: await p95('GET /vulnerabilities (first page, by severity)', '/vulnerabilities'),
  listOrg: await p95('GET /vulnerabilities?orgId (one of 10 organizations)', '/vulnerabilities', { orgId: orgs[0].id }),
  software: await p95('GET /vulnerabilities/software', '/vulnerabilities/software'),
  stats: await p95('GET /vulnerabilities/stats', '/vulnerabilities/stats'),
};
clearInterval(sampler);
console.log(JSON.stringify({ devices: DEVICES, packagesPerDevice: PACKAGES_PER_DEVICE, advisories: ADVISORIES, feedLoadMs: loaded.ms, fullRecomputeMs: full.ms, findings, peakRssMb: mb(peakRss), oneDeviceMs: dev.ms, feedChangeMs: reload.ms + inc.ms, readsP95Ms: reads }));
await teardown();
