// Bulk import wall time through the real route handlers: a 1,000-row organization import
// (preview + commit), its idempotent re-run and an update-mode run, and a 1,000-row contact
// import, for a partner that already holds 2,000 organizations.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setupBenchDb } from './setup-bench-db';

const figures: Record<string, number> = {};

const { teardown } = await setupBenchDb('import');
const { db } = await import('@/lib/db');
const { api } = await import('../tests/helpers/http');
const { makePartner, makePartnerUser, tokenFor } = await import('../tests/helpers/factories');

const partner = await makePartner();
const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
await db.organization.createMany({ data: Array.from({ length: 2000 }, (_, i) => ({ partnerId: partner.id, name: `Existing ${i}`, slug: `existing-${i}` })) });

async function timed(label: string, fn: () => Promise<{ status: number; body: unknown }>) {
  const started = performance.now();
  const res = await fn();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  console.log(`${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms`);
  figures[label] = Math.round(ms);
  return { ms, body: res.body as Record<string, unknown[]> };
}

async function orgImport(label: string, rows: unknown[], mode: 'skip' | 'update' = 'skip') {
  // CPU time of this (app) process: a steadier figure than wall time on a shared machine.
  const cpu = process.cpuUsage();
  const p = await timed(`${label}: preview`, () => api.post('/orgs/import/preview', { token, body: { rows } }));
  const c = await timed(`${label}: commit (${mode})`, () => api.post('/orgs/import', { token, body: { rows, mode } }));
  const used = process.cpuUsage(cpu);
  const cpuMs = Math.round((used.user + used.system) / 1000);
  figures[`${label}: preview + commit`] = Math.round(p.ms + c.ms);
  figures[`${label}: app CPU`] = cpuMs;
  console.log(`${`${label}: preview + commit`.padEnd(52)} ${(p.ms + c.ms).toFixed(0).padStart(6)} ms  (app CPU ${cpuMs} ms; imported ${c.body.imported.length}, updated ${c.body.updated.length}, skipped ${c.body.skipped.length}, errors ${c.body.errors.length})`);
}

// Warm-up: route modules, Prisma client, connection pool.
await orgImport('warm-up, 10 rows', Array.from({ length: 10 }, (_, i) => ({ organization: `Warm ${i}` })));

const distinct = Array.from({ length: 1000 }, (_, i) => ({ organization: `Customer ${i}`, externalSystem: 'datto', externalId: `c-${i}`, timezone: 'Europe/Berlin', address: `${i} Main St` }));
await orgImport('1,000 rows → 1,000 orgs + default sites', distinct);
await orgImport('same 1,000 rows again (all link-match)', distinct);
await orgImport('same 1,000 rows, update mode', distinct.map((r) => ({ ...r, timezone: 'Europe/Paris', site: 'HQ' })), 'update');
await orgImport(
  '1,000 rows → 250 orgs × 4 sites',
  Array.from({ length: 1000 }, (_, i) => ({ organization: `Group ${Math.floor(i / 4)}`, site: `Site ${i % 4}`, externalId: `g-${Math.floor(i / 4)}` })),
);

const orgs = await db.organization.findMany({ where: { partnerId: partner.id, name: { startsWith: 'Customer ' } }, select: { id: true }, take: 100 });
const contacts = Array.from({ length: 1000 }, (_, i) => ({ organizationId: orgs[i % orgs.length].id, name: `Contact ${i}`, email: `contact-${i}@example.test`, roles: ['technical'], externalId: `k-${i}` }));
const cp = await timed('contacts, 1,000 rows: preview', () => api.post('/orgs/contacts/import/preview', { token, body: { rows: contacts } }));
const cc = await timed('contacts, 1,000 rows: commit', () => api.post('/orgs/contacts/import', { token, body: { rows: contacts } }));
console.log(`${'contacts, 1,000 rows: preview + commit'.padEnd(52)} ${(cp.ms + cc.ms).toFixed(0).padStart(6)} ms`);
await timed('contacts, same 1,000 rows, update mode', () => api.post('/orgs/contacts/import', { token, body: { rows: contacts, mode: 'update' } }));

await teardown();
const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'org-import.json'), JSON.stringify({ at: new Date().toISOString(), unit: 'ms', figures }, null, 2));
