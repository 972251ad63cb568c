// The audit log's read API: lists, one entry, search, streamed exports, stats and reports, each
// in the caller's scope, and the database's append-only guarantee.
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { parseCsv } from '@/lib/csv';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';

type Partner = Awaited<ReturnType<typeof makePartner>>;

interface Seed {
  action: string;
  partnerId: string | null;
  orgId?: string | null;
  actorId?: string | null;
  actorEmail?: string | null;
  actorType?: string;
  targetType?: string | null;
  targetId?: string | null;
  result?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
  at?: Date;
}

/** Inserts one entry as the application would (the table takes inserts; only changes are refused). */
async function entry(s: Seed): Promise<string> {
  const id = randomUUID();
  await db.auditLog.create({
    data: {
      id,
      action: s.action,
      partnerId: s.partnerId,
      orgId: s.orgId ?? null,
      actorType: s.actorType ?? 'user',
      actorId: s.actorId ?? null,
      actorEmail: s.actorEmail ?? null,
      targetType: s.targetType ?? null,
      targetId: s.targetId ?? null,
      result: s.result ?? 'success',
      ip: s.ip ?? null,
      details: (s.details ?? {}) as object,
      ...(s.at ? { createdAt: s.at } : {}),
    },
  });
  return id;
}

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

let A: Partner;
let B: Partner;
let orgA1: { id: string };
let orgA2: { id: string };
let orgB: { id: string };
let adminA: { id: string; email: string };
let tokenA: string;
let tokenRestricted: string;
let tokenB: string;
let tokenPlatform: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  A = await makePartner();
  B = await makePartner();
  orgA1 = await makeOrg(A.id, 'Contoso');
  orgA2 = await makeOrg(A.id, 'Fabrikam');
  orgB = await makeOrg(B.id, 'Other MSP customer');
  adminA = await makePartnerUser(A, { email: `alice-${randomUUID().slice(0, 6)}@msp-a.test` });
  tokenA = await tokenFor(adminA);
  tokenRestricted = await tokenFor(await makePartnerUser(A, { orgAccess: 'selected', orgIds: [orgA1.id] }));
  const adminB = await makePartnerUser(B);
  tokenB = await tokenFor(adminB);
  tokenPlatform = await tokenFor(await makePlatformAdmin());

  ids.login = await entry({ action: 'user.login', partnerId: A.id, actorId: adminA.id, actorEmail: adminA.email, ip: '192.0.2.10', at: ago(3) });
  ids.loginFailed = await entry({ action: 'user.login_failed', partnerId: A.id, actorEmail: 'mallory@evil.test', result: 'failure', ip: '198.51.100.7', at: ago(2) });
  ids.deviceUpdate = await entry({
    action: 'device.update',
    partnerId: A.id,
    orgId: orgA1.id,
    actorId: adminA.id,
    actorEmail: adminA.email,
    targetType: 'device',
    targetId: 'dev-1',
    details: { hostname: 'reception-pc-7', note: 'said "hi", then\nleft' },
    at: ago(1),
  });
  ids.orgA2 = await entry({ action: 'site.create', partnerId: A.id, orgId: orgA2.id, actorId: adminA.id, actorEmail: adminA.email, targetType: 'site', targetId: 'site-9', at: ago(1) });
  ids.denied = await entry({ action: 'role.update', partnerId: A.id, actorId: adminA.id, actorEmail: adminA.email, targetType: 'role', result: 'denied', at: ago(0.5) });
  ids.apiKey = await entry({ action: 'api_key.create', partnerId: A.id, actorId: adminA.id, actorEmail: adminA.email, targetType: 'api_key', targetId: 'key-1', at: ago(0.4) });
  ids.foreign = await entry({ action: 'device.update', partnerId: B.id, orgId: orgB.id, actorEmail: 'bob@msp-b.test', targetType: 'device', targetId: 'dev-b', details: { hostname: 'reception-pc-7-foreign' }, at: ago(1) });
}, 60_000);

describe('GET /audit-logs/logs', () => {
  it('filters by actor, action, target, organization, result and time', async () => {
    const get = async (query: Record<string, string>) => {
      const res = await api.get('/audit-logs/logs', { token: tokenA, query });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { id: string }[]).map((e) => e.id).sort();
    };
    const sorted = (...xs: string[]) => [...xs].sort();
    expect(await get({ actor: adminA.email.toUpperCase() })).toEqual(sorted(ids.login, ids.deviceUpdate, ids.orgA2, ids.denied, ids.apiKey));
    expect(await get({ actor: adminA.id, action: 'user.login' })).toEqual([ids.login]);
    expect(await get({ actorEmail: 'mallory@evil.test' })).toEqual([ids.loginFailed]);
    expect(await get({ action: 'user.' })).toEqual(sorted(ids.login, ids.loginFailed));
    expect(await get({ action: 'user.login*' })).toEqual(sorted(ids.login, ids.loginFailed));
    expect(await get({ actionPrefix: 'api_' })).toEqual([ids.apiKey]);
    expect(await get({ targetType: 'device', targetId: 'dev-1' })).toEqual([ids.deviceUpdate]);
    expect(await get({ orgId: orgA2.id })).toEqual([ids.orgA2]);
    expect(await get({ result: 'denied' })).toEqual([ids.denied]);
    expect(await get({ from: ago(2.5).toISOString(), to: ago(1.5).toISOString() })).toEqual([ids.loginFailed]);
    // Another partner's organization as a filter narrows to nothing; it never widens the scope.
    expect(await get({ orgId: orgB.id })).toEqual([]);
    expect(await get({ partnerId: B.id })).toEqual([]);
  });

  it('pages by page number with a total, and by cursor without duplicates', async () => {
    const first = await api.get('/audit-logs/logs', { token: tokenA, query: { limit: 2, actor: adminA.id } });
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5 });
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids.apiKey, ids.denied]);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const res = await api.get('/audit-logs/logs', { token: tokenA, query: { limit: 2, actor: adminA.id, cursor } });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((e: { id: string }) => e.id));
      if (!res.body.pagination.nextCursor) break;
      cursor = res.body.pagination.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen[4]).toBe(ids.login);
  });

  it('scopes: another partner sees none of these, a restricted user only its organizations, a platform admin all', async () => {
    const other = await api.get('/audit-logs/logs', { token: tokenB, query: { limit: 200 } });
    expect(other.body.data.map((e: { id: string }) => e.id)).toEqual([ids.foreign]);
    const restricted = await api.get('/audit-logs/logs', { token: tokenRestricted, query: { limit: 200 } });
    expect(restricted.body.data.map((e: { id: string }) => e.id)).toEqual([ids.deviceUpdate]);
    const platform = await api.get('/audit-logs/logs', { token: tokenPlatform, query: { action: 'device.update' } });
    expect(platform.body.data.map((e: { id: string }) => e.id).sort()).toEqual([ids.deviceUpdate, ids.foreign].sort());
  });

  it('refuses bad input with 400', async () => {
    const bad = async (query: Record<string, string>) => (await api.get('/audit-logs/logs', { token: tokenA, query })).status;
    expect(await bad({ from: ago(1).toISOString(), to: ago(2).toISOString() })).toBe(400);
    expect(await bad({ result: 'maybe' })).toBe(400);
    expect(await bad({ limit: '0' })).toBe(400);
    expect(await bad({ limit: '201' })).toBe(400);
    expect(await bad({ from: 'yesterday' })).toBe(400);
    expect(await bad({ actorId: 'not-a-uuid' })).toBe(400);
    expect(await bad({ cursor: 'forged.cursor' })).toBe(400);
    const res = await api.get('/audit-logs/logs', { token: tokenA, query: { from: ago(1).toISOString(), to: ago(2).toISOString() } });
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('GET /audit-logs answers the same list', async () => {
    const res = await api.get('/audit-logs', { token: tokenA, query: { action: 'user.login*' } });
    expect(res.body.pagination.total).toBe(2);
  });
});

describe('GET /audit-logs/logs/:id', () => {
  it('answers an entry in scope with its details, 404 outside', async () => {
    const own = await api.get(`/audit-logs/logs/${ids.deviceUpdate}`, { token: tokenA });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: ids.deviceUpdate, action: 'device.update', orgId: orgA1.id, details: { hostname: 'reception-pc-7' } });
    expect((await api.get(`/audit-logs/logs/${ids.foreign}`, { token: tokenA })).status).toBe(404);
    expect((await api.get(`/audit-logs/logs/${ids.deviceUpdate}`, { token: tokenB })).status).toBe(404);
    // Partner-level entries are not shown to users restricted to some organizations.
    expect((await api.get(`/audit-logs/logs/${ids.login}`, { token: tokenRestricted })).status).toBe(404);
    expect((await api.get(`/audit-logs/logs/${ids.deviceUpdate}`, { token: tokenRestricted })).status).toBe(200);
    expect((await api.get(`/audit-logs/logs/${randomUUID()}`, { token: tokenA })).status).toBe(404);
    // A malformed id names no entry: 404 like a missing one (the house rule for path ids).
    expect((await api.get('/audit-logs/logs/nope', { token: tokenA })).status).toBe(404);
  });
});

describe('GET /audit-logs/search', () => {
  it('finds words in action, actor email, target and details, within scope', async () => {
    const search = async (q: string, extra: Record<string, string> = {}) => {
      const res = await api.get('/audit-logs/search', { token: tokenA, query: { q, ...extra } });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { id: string }[]).map((e) => e.id).sort();
    };
    expect(await search('reception-pc')).toEqual([ids.deviceUpdate]);
    expect(await search('MALLORY')).toEqual([ids.loginFailed]);
    expect(await search('device.update reception')).toEqual([ids.deviceUpdate]);
    expect(await search('site-9')).toEqual([ids.orgA2]);
    expect(await search('api_key key-1')).toEqual([ids.apiKey]);
    expect(await search('reception', { result: 'denied' })).toEqual([]);
    // LIKE wildcards in the query are plain characters.
    expect(await search('%%')).toEqual([]);
    expect(await search('foreign')).toEqual([]);
    const paged = await api.get('/audit-logs/search', { token: tokenA, query: { q: adminA.email, cursor: '', limit: 2 } });
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.pagination.nextCursor).toEqual(expect.any(String));
  });

  it('needs q', async () => {
    expect((await api.get('/audit-logs/search', { token: tokenA })).status).toBe(400);
    expect((await api.get('/audit-logs/search', { token: tokenA, query: { q: 'x' } })).status).toBe(400);
    expect((await api.get('/audit-logs/search', { token: tokenA, query: { q: 'x'.repeat(201) } })).status).toBe(400);
  });
});

describe('export', () => {
  const BULK = 5000;
  let bulkPartner: Partner;
  let bulkToken: string;

  beforeAll(async () => {
    bulkPartner = await makePartner();
    bulkToken = await tokenFor(await makePartnerUser(bulkPartner));
    // Many entries at once, their fields holding what CSV has to escape: commas, quotes, line
    // breaks and a leading formula character.
    await db.$executeRaw`
      insert into audit_logs (id, created_at, actor_type, actor_email, action, target_type, target_id, partner_id, result, details)
      select gen_random_uuid(), now() - (g || ' seconds')::interval, 'user', 'bulk' || g || '@example.test', 'bulk.event', 'device',
             'dev,' || g, ${bulkPartner.id}::uuid, case when g % 10 = 0 then 'failure' else 'success' end,
             jsonb_build_object('n', g, 'text', 'say "hi",' || chr(10) || 'bye', 'formula', '=1+1')
      from generate_series(1, ${BULK}) g`;
    await entry({ action: 'bulk.other', partnerId: bulkPartner.id, targetId: '=cmd()' });
  }, 60_000);

  it('streams every matching entry as CSV, escaped, with a file name', async () => {
    const res = await api.get('/audit-logs/export', { token: bulkToken, query: { action: 'bulk.event' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{8}T\d{6}Z\.csv"$/);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['id', 'createdAt', 'actorType', 'actorId', 'actorEmail', 'action', 'targetType', 'targetId', 'partnerId', 'orgId', 'ip', 'requestId', 'result', 'details']);
    const data = rows.slice(1);
    expect(data).toHaveLength(BULK);
    expect(new Set(data.map((r) => r[0])).size).toBe(BULK);
    // Newest first: entry 1 was written 1 second ago, entry 5000 5000 seconds ago.
    expect(data[0][4]).toBe('bulk1@example.test');
    expect(data[BULK - 1][4]).toBe(`bulk${BULK}@example.test`);
    expect(data[0][7]).toBe('dev,1');
    expect(JSON.parse(data[0][13])).toEqual({ n: 1, text: 'say "hi",\nbye', formula: '=1+1' });
    expect(data.filter((r) => r[12] === 'failure')).toHaveLength(BULK / 10);
    const failures = parseCsv((await api.get('/audit-logs/export', { token: bulkToken, query: { action: 'bulk.event', result: 'failure' } })).text);
    expect(failures).toHaveLength(BULK / 10 + 1);
    // A value a spreadsheet would run as a formula is defused.
    const other = parseCsv((await api.get('/audit-logs/export', { token: bulkToken, query: { action: 'bulk.other' } })).text);
    expect(other[1][7]).toBe("'=cmd()");
  });

  it('sends the file in pieces as it reads, one batch per pull', async () => {
    const { GET } = await import('@/app/api/v1/audit-logs/export/route');
    const req = new Request('http://localhost:3000/api/v1/audit-logs/export?action=bulk.event', { headers: { authorization: `Bearer ${bulkToken}` } });
    const res = await GET(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const sizes: number[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) sizes.push(chunk.value.length);
    // The header, then one piece per 1,000 entries (the last read finds the end).
    expect(sizes.length).toBeGreaterThanOrEqual(1 + BULK / 1000);
    expect(Math.max(...sizes)).toBeLessThan(sizes.reduce((a, b) => a + b, 0) / 3);
  });

  it('streams JSON with the filters in a POST body, and records the export', async () => {
    const res = await api.post('/audit-logs/export', { token: bulkToken, body: { format: 'json', actionPrefix: 'bulk.', result: 'success', q: 'bulk' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(/\.json"$/);
    const rows = JSON.parse(res.text) as { action: string; result: string; details: { n?: number } }[];
    expect(rows).toHaveLength(BULK - BULK / 10 + 1);
    expect(rows.every((r) => r.result === 'success' && r.action.startsWith('bulk.'))).toBe(true);
    const recorded = await api.get('/audit-logs/logs', { token: bulkToken, query: { action: 'audit.export' } });
    expect(recorded.body.data[0]).toMatchObject({ action: 'audit.export', details: { format: 'json', filters: { actionPrefix: 'bulk.', result: 'success', qSha256: createHash('sha256').update('bulk').digest('hex') } } });
  });

  it('exports only the caller’s scope and refuses bad input', async () => {
    const mine = JSON.parse((await api.get('/audit-logs/export', { token: tokenB, query: { format: 'json', action: 'device.update' } })).text) as { id: string }[];
    expect(mine.map((e) => e.id)).toEqual([ids.foreign]);
    expect(JSON.parse((await api.get('/audit-logs/export', { token: tokenB, query: { format: 'json', action: 'bulk.event' } })).text)).toEqual([]);
    // An export records its filters, so it refuses to name another partner's organization or partner.
    expect((await api.get('/audit-logs/export', { token: tokenA, query: { orgId: orgB.id } })).status).toBe(404);
    expect((await api.post('/audit-logs/export', { token: tokenA, body: { partnerId: B.id } })).status).toBe(404);
    expect((await api.get('/audit-logs/export', { token: tokenRestricted, query: { orgId: orgA2.id } })).status).toBe(404);
    expect((await api.get('/audit-logs/export', { token: tokenB, query: { orgId: orgB.id } })).status).toBe(200);
    expect((await api.get('/audit-logs/export', { token: tokenA, query: { format: 'xml' } })).status).toBe(400);
    expect((await api.post('/audit-logs/export', { token: tokenA, body: { result: 'nope' } })).status).toBe(400);
    expect((await api.post('/audit-logs/export', { token: tokenA, body: { from: ago(1).toISOString(), to: ago(2).toISOString() } })).status).toBe(400);
  });
});

describe('stats and reports', () => {
  it('stats count by result, action and actor, and per UTC day', async () => {
    const res = await api.get('/audit-logs/stats', { token: tokenA, query: { from: ago(7).toISOString(), action: 'user.login*' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ total: 2, byResult: { success: 1, denied: 0, failure: 1 } });
    expect(res.body.topActions).toEqual(expect.arrayContaining([{ key: 'user.login', count: 1 }, { key: 'user.login_failed', count: 1 }]));
    expect(res.body.perDay.length).toBeGreaterThanOrEqual(8);
    expect(res.body.perDay.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(2);
    const all = await api.get('/audit-logs/stats', { token: tokenA });
    expect(all.body.total).toBe(6);
    expect(all.body.perDay).toHaveLength(31);
    expect(all.body.topActors[0]).toMatchObject({ actorId: adminA.id, actorEmail: adminA.email, count: 5 });
    expect((await api.get('/audit-logs/stats', { token: tokenB, query: { action: 'device.update' } })).body.total).toBe(1);
    expect((await api.get('/audit-logs/stats', { token: tokenA, query: { from: ago(400).toISOString() } })).status).toBe(400);
    expect((await api.get('/audit-logs/stats', { token: tokenA, query: { top: '0' } })).status).toBe(400);
  });

  it('user activity: one row per actor, the most active first', async () => {
    const res = await api.get('/audit-logs/reports/user-activity', { token: tokenA });
    expect(res.status, res.text).toBe(200);
    expect(res.body.totalActors).toBe(2);
    expect(res.body.data[0]).toMatchObject({ actorId: adminA.id, actorEmail: adminA.email, total: 5, success: 4, denied: 1, failure: 0, distinctActions: 5, distinctIps: 1, lastIp: '192.0.2.10' });
    expect(res.body.data[0].topActions).toHaveLength(5);
    expect(res.body.data[1]).toMatchObject({ actorId: null, actorEmail: 'mallory@evil.test', total: 1, failure: 1 });
    const restricted = await api.get('/audit-logs/reports/user-activity', { token: tokenRestricted });
    expect(restricted.body.data).toEqual([expect.objectContaining({ actorId: adminA.id, total: 1 })]);
  });

  it('security events: categories, failed sign-ins and the newest events', async () => {
    const res = await api.get('/audit-logs/reports/security-events', { token: tokenA });
    expect(res.status, res.text).toBe(200);
    const byCategory = Object.fromEntries(res.body.byCategory.map((c: { category: string; count: number }) => [c.category, c.count]));
    expect(byCategory).toEqual({ authentication: 2, access_control: 1, credentials: 1 });
    expect(res.body.total).toBe(4);
    expect(res.body.failedSignIns).toEqual({ count: 1, topAddresses: [{ key: '198.51.100.7', count: 1 }], topAccounts: [{ key: 'mallory@evil.test', count: 1 }] });
    expect(res.body.recent.map((e: { id: string }) => e.id)).toEqual([ids.apiKey, ids.denied, ids.loginFailed, ids.login]);
    expect((await api.get('/audit-logs/reports/security-events', { token: tokenB })).body.total).toBe(0);
  });

  it('compliance: coverage, privileged changes, exports and integrity', async () => {
    const res = await api.get('/audit-logs/reports/compliance', { token: tokenA });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      total: 6,
      byResult: { success: 4, denied: 1, failure: 1 },
      daysInPeriod: 31,
      privilegedChanges: 1,
      distinctActors: 1,
      entriesWithoutActor: 1,
      integrity: { appendOnly: true, minimumRetentionDays: 90 },
    });
    expect(res.body.daysWithEntries).toBeGreaterThanOrEqual(3);
    expect(res.body.byOrganization).toEqual(expect.arrayContaining([{ orgId: orgA1.id, orgName: 'Contoso', count: 1 }, { orgId: null, orgName: null, count: 4 }]));
  });

  it('needs audit:read', async () => {
    const tech = await tokenFor(await makePartnerUser(A, { role: 'Technician' }));
    for (const path of ['/audit-logs/logs', '/audit-logs/stats', '/audit-logs/reports/compliance', '/audit-logs/export']) {
      expect((await api.get(path, { token: tech })).status).toBe(403);
    }
  });
});

describe('append-only', () => {
  it('the application’s own connection cannot update, delete or truncate an entry', async () => {
    const id = await entry({ action: 'immutable.entry', partnerId: A.id, details: { v: 1 } });
    await expect(db.auditLog.update({ where: { id }, data: { action: 'tampered' } })).rejects.toThrow(/append-only/);
    await expect(db.auditLog.delete({ where: { id } })).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`update audit_logs set details = '{}' where id = ${id}::uuid`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`delete from audit_logs where id = ${id}::uuid`).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe('truncate audit_logs')).rejects.toThrow(/append-only/);
    const row = await db.auditLog.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ action: 'immutable.entry', details: { v: 1 } });
    // No route changes entries either: the audit-log routes are reads (and the export's POST).
    expect((await api.delete(`/audit-logs/logs/${id}`, { token: tokenPlatform })).status).toBe(405);
    expect((await api.patch(`/audit-logs/logs/${id}`, { token: tokenPlatform, body: { action: 'x' } })).status).toBe(405);
  });

  it('retention deletes only through audit_logs_prune, and never the last 90 days', async () => {
    const old = await entry({ action: 'ancient.entry', partnerId: A.id, at: ago(400) });
    const recent = await entry({ action: 'recent.entry', partnerId: A.id, at: ago(89) });
    await expect(db.$queryRaw`select audit_logs_prune(now() - interval '30 days')`).rejects.toThrow(/keeps at least 90 days/);
    const [{ removed }] = await db.$queryRaw<{ removed: bigint }[]>`select audit_logs_prune(now() - interval '365 days') as removed`;
    expect(Number(removed)).toBe(1);
    expect(await db.auditLog.findUnique({ where: { id: old } })).toBeNull();
    expect(await db.auditLog.findUnique({ where: { id: recent } })).not.toBeNull();
    // The permission the prune raised ends with it, inside the same transaction too.
    await expect(
      db.$transaction(async (tx) => {
        await tx.$queryRaw`select audit_logs_prune(now() - interval '365 days')`;
        await tx.$executeRaw`delete from audit_logs where id = ${recent}::uuid`;
      }),
    ).rejects.toThrow(/append-only/);
    expect(await db.auditLog.findUnique({ where: { id: recent } })).not.toBeNull();
  });
});
