// Maintenance windows: CRUD with validation and tenancy, occurrence materialization (one-off,
// daily across DST, weekly, monthly) by the API and the roll-forward task, start/end/cancel,
// and the devices in maintenance now by each target kind.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { rollForwardOccurrences } from '@/lib/maintenance/roll-forward-occurrences';
import { materializeOccurrences } from '@/lib/maintenance/materialize-occurrences';
import { toLocal } from '@/lib/maintenance/zoned-time';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let outsider: string;
let orgUser2: string;
let org: { id: string; partnerId: string };
let org2: { id: string; partnerId: string };

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  org = await makeOrg(partner.id);
  org2 = await makeOrg(partner.id);
  orgUser2 = await tokenFor(await makeOrgUser(partner, org2));
});

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const noTargets = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };

function windowBody(extra: Record<string, unknown> = {}) {
  return { name: 'Patch night', orgId: org.id, targets: { ...noTargets, orgIds: [org.id] }, startsAt: inMinutes(60), durationMinutes: 120, ...extra };
}

async function createWindow(body: Record<string, unknown>, token = admin) {
  const res = await api.post('/maintenance/windows', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

const occurrencesOf = (windowId: string) => db.maintenanceOccurrence.findMany({ where: { windowId }, orderBy: { startsAt: 'asc' } });

describe('window CRUD', () => {
  it('creates a one-off window with one scheduled occurrence; reads, lists, edits and deletes it, with audit entries', async () => {
    const w = await createWindow(windowBody({ description: 'Monthly updates' }));
    expect(w).toMatchObject({ orgId: org.id, name: 'Patch night', recurrence: 'none', timezone: 'UTC', durationMinutes: 120, suppressAlerts: true, suppressPatching: false, status: 'active', currentOccurrence: null });
    expect(w.nextOccurrence).toMatchObject({ startsAt: w.startsAt });
    const occ = await occurrencesOf(w.id);
    expect(occ).toHaveLength(1);

    expect((await api.get(`/maintenance/windows/${w.id}`, { token: admin })).body.name).toBe('Patch night');
    const list = await api.get('/maintenance/windows', { token: admin, query: { orgId: org.id, search: 'patch' } });
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(w.id);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 50 });

    const patched = await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { name: 'Patch night v2', suppressPatching: true } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Patch night v2', suppressPatching: true });
    expect((await occurrencesOf(w.id))[0].id).toBe(occ[0].id);

    // A schedule change replaces the occurrence that has not started.
    const moved = await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { startsAt: inMinutes(180), durationMinutes: 30 } });
    expect(moved.status, moved.text).toBe(200);
    const after = await occurrencesOf(w.id);
    expect(after).toHaveLength(1);
    expect(after[0].startsAt.toISOString()).toBe(moved.body.startsAt);
    expect(after[0].endsAt.getTime() - after[0].startsAt.getTime()).toBe(30 * 60_000);

    expect((await api.delete(`/maintenance/windows/${w.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/maintenance/windows/${w.id}`, { token: admin })).status).toBe(404);
    expect(await db.maintenanceOccurrence.count({ where: { windowId: w.id } })).toBe(0);
    const actions = (await db.auditLog.findMany({ where: { targetId: w.id }, select: { action: true } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['maintenance_window.create', 'maintenance_window.update', 'maintenance_window.delete']));
  });

  it('validation: 400 envelope and nothing stored', async () => {
    const before = await db.maintenanceWindow.count();
    const site2 = await makeSite(org2);
    const bad = [
      windowBody({ targets: noTargets }),
      windowBody({ durationMinutes: undefined }),
      windowBody({ endsAt: inMinutes(90) }),
      windowBody({ durationMinutes: 0 }),
      windowBody({ durationMinutes: 31 * 24 * 60 + 1 }),
      windowBody({ startsAt: 'tomorrow' }),
      windowBody({ timezone: 'Mars/Olympus' }),
      windowBody({ recurrence: 'yearly' }),
      windowBody({ daysOfWeek: [1] }),
      windowBody({ recurrence: 'weekly', daysOfWeek: [7] }),
      windowBody({ recurrence: 'monthly', dayOfMonth: 32 }),
      windowBody({ until: inMinutes(600) }),
      windowBody({ recurrence: 'daily', until: inMinutes(10) }),
      windowBody({ name: '' }),
      windowBody({ extra: 1 }),
      windowBody({ targets: { ...noTargets, deviceIds: ['nope'] } }),
      windowBody({ startsAt: inMinutes(-180), durationMinutes: 60 }),
      windowBody({ recurrence: 'rrule' }),
      windowBody({ recurrence: 'rrule', rrule: 'FREQ=BOGUS' }),
      windowBody({ recurrence: 'rrule', rrule: 'FREQ=DAILY;UNTIL=20300101T000000Z' }),
      windowBody({ recurrence: 'weekly', rrule: 'FREQ=DAILY' }),
    ];
    for (const body of bad) {
      const res = await api.post('/maintenance/windows', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const foreign = await api.post('/maintenance/windows', { token: admin, body: windowBody({ targets: { ...noTargets, siteIds: [site2.id] } }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('TARGET_NOT_IN_SCOPE');
    expect(await db.maintenanceWindow.count()).toBe(before);

    const w = await createWindow(windowBody());
    expect((await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: {} })).status).toBe(400);
    expect((await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { targets: noTargets } })).status).toBe(400);
    expect((await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { daysOfWeek: [1] } })).status).toBe(400);
    expect((await api.get('/maintenance/occurrences', { token: admin, query: { status: 'late' } })).status).toBe(400);
  });

  it('an RFC 5545 rule: the second Tuesday of each month, normalized, planned ahead, and replaced by a preset on edit', async () => {
    const rejected = await api.post('/maintenance/windows', { token: admin, body: windowBody({ recurrence: 'rrule', rrule: 'FREQ=WEEKLY;BYDAY=XX' }) });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.rrule', message: expect.stringContaining('BYDAY=XX') })]));

    const w = await createWindow(windowBody({ recurrence: 'rrule', rrule: 'rrule:freq=monthly;byday=tu;bysetpos=2', timezone: 'Europe/Berlin' }));
    expect(w).toMatchObject({ recurrence: 'rrule', rrule: 'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2' });
    const occ = await occurrencesOf(w.id);
    expect(occ.length).toBeGreaterThanOrEqual(1);
    for (const o of occ) {
      const local = toLocal(o.startsAt, 'Europe/Berlin');
      expect(local.weekday).toBe(2);
      expect(local.day).toBeGreaterThanOrEqual(8);
      expect(local.day).toBeLessThanOrEqual(14);
    }
    const weekly = await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { recurrence: 'weekly', daysOfWeek: [1] } });
    expect(weekly.status, weekly.text).toBe(200);
    expect(weekly.body).toMatchObject({ recurrence: 'weekly', rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect((await db.maintenanceWindow.findUniqueOrThrow({ where: { id: w.id } })).rrule).toBeNull();
    // A yearly rule still shows its next occurrence, far past the 30-day horizon.
    const farOneOff = await createWindow(windowBody({ startsAt: inMinutes(60 * 24 * 90) }));
    expect(farOneOff.nextOccurrence).toMatchObject({ startsAt: farOneOff.startsAt });
    const yearly = await createWindow(windowBody({ recurrence: 'rrule', rrule: 'FREQ=YEARLY', startsAt: inMinutes(-60 * 24 * 40), durationMinutes: 60 }));
    const next = yearly.nextOccurrence as { startsAt: string };
    expect(new Date(next.startsAt).getTime() - Date.now()).toBeGreaterThan(300 * 86_400_000);
    expect(await rollForwardOccurrences()).toBeDefined();
    expect(await db.maintenanceOccurrence.count({ where: { windowId: yearly.id } })).toBe(1);

    const back = await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { recurrence: 'rrule', rrule: 'FREQ=DAILY;INTERVAL=3' } });
    expect(back.status, back.text).toBe(200);
    expect(back.body.rrule).toBe('FREQ=DAILY;INTERVAL=3');
  });

  it('tenancy: another partner and another organization get 404 everywhere and nothing changes', async () => {
    const w = await createWindow(windowBody());
    const [occ] = await occurrencesOf(w.id);
    for (const token of [outsider, orgUser2]) {
      expect((await api.get(`/maintenance/windows/${w.id}`, { token })).status).toBe(404);
      expect((await api.patch(`/maintenance/windows/${w.id}`, { token, body: { name: 'pwned' } })).status).toBe(404);
      expect((await api.post(`/maintenance/windows/${w.id}/cancel`, { token })).status).toBe(404);
      expect((await api.get(`/maintenance/windows/${w.id}/occurrences`, { token })).status).toBe(404);
      expect((await api.get(`/maintenance/occurrences/${occ.id}`, { token })).status).toBe(404);
      expect((await api.post(`/maintenance/occurrences/${occ.id}/start`, { token })).status).toBe(404);
      expect((await api.post(`/maintenance/occurrences/${occ.id}/end`, { token })).status).toBe(404);
      expect((await api.delete(`/maintenance/windows/${w.id}`, { token })).status).toBe(404);
      const listed = await api.get('/maintenance/windows', { token });
      expect(listed.body.data.map((x: { id: string }) => x.id)).not.toContain(w.id);
    }
    expect((await api.post('/maintenance/windows', { token: outsider, body: windowBody() })).status).toBe(404);
    const row = await db.maintenanceWindow.findUniqueOrThrow({ where: { id: w.id } });
    expect(row).toMatchObject({ name: 'Patch night', status: 'active' });
    expect((await db.maintenanceOccurrence.findUniqueOrThrow({ where: { id: occ.id } })).startsAt.toISOString()).toBe(occ.startsAt.toISOString());
  });

  it('partner-wide windows: created without orgId by full-access callers, listed to organization users only in their own scope', async () => {
    const w = await createWindow({ ...windowBody(), orgId: undefined, targets: { ...noTargets, orgIds: [org.id, org2.id] } });
    expect(w.orgId).toBeNull();
    const mine = await api.post('/maintenance/windows', { token: orgUser2, body: { ...windowBody(), orgId: undefined, targets: { ...noTargets, orgIds: [org2.id] } } });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.orgId).toBe(org2.id);
    const seen = (await api.get('/maintenance/windows', { token: orgUser2 })).body.data.map((x: { id: string }) => x.id);
    expect(seen).toContain(mine.body.id);
    expect(seen).not.toContain(w.id);
  });

  it('a running partner-wide window puts an organization user\'s devices in maintenance for them too', async () => {
    const device = await enroll((await createKey(admin, { orgId: org2.id })).key);
    const other = await enroll((await createKey(admin, { orgId: org.id })).key);
    await createWindow({ ...windowBody(), orgId: undefined, startsAt: inMinutes(-1), targets: { ...noTargets, deviceIds: [device.deviceId, other.deviceId] } });
    const res = await api.get('/maintenance/active', { token: orgUser2 });
    expect(res.body.data.map((d: { deviceId: string }) => d.deviceId)).toEqual([device.deviceId]);
  });
});

describe('recurrence', () => {
  it('daily windows keep their local time across a DST change', async () => {
    // 02:00 in Berlin around the 2027-03-28 change (CET → CEST), materialized as the task would a week before.
    const w = await createWindow(windowBody({ startsAt: '2027-03-26T02:00:00+01:00', durationMinutes: 60, timezone: 'Europe/Berlin', recurrence: 'daily', until: '2027-03-30T12:00:00+02:00' }));
    // Beyond the 30-day horizon only its first occurrence is written, so the window shows when it starts.
    expect((await occurrencesOf(w.id)).map((o) => o.startsAt.toISOString())).toEqual(['2027-03-26T01:00:00.000Z']);
    const row = await db.maintenanceWindow.findUniqueOrThrow({ where: { id: w.id } });
    expect(await materializeOccurrences(db, row, new Date('2027-03-20T00:00:00Z'))).toBe(4);
    expect(await materializeOccurrences(db, row, new Date('2027-03-20T00:00:00Z'))).toBe(0);
    // 02:00 does not exist on the 28th (clocks jump to 03:00): that one starts at 03:00 CEST.
    expect((await occurrencesOf(w.id)).map((o) => o.startsAt.toISOString())).toEqual([
      '2027-03-26T01:00:00.000Z', '2027-03-27T01:00:00.000Z', '2027-03-28T01:00:00.000Z', '2027-03-29T00:00:00.000Z', '2027-03-30T00:00:00.000Z',
    ]);
  });

  it('weekly and monthly windows materialize 30 days ahead; the roll-forward task extends them idempotently', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const weekly = await createWindow(windowBody({ startsAt: start.toISOString(), durationMinutes: 60, recurrence: 'weekly', daysOfWeek: [1, 4] }));
    const weeklyOcc = await occurrencesOf(weekly.id);
    expect(weeklyOcc.length).toBeGreaterThanOrEqual(8);
    expect(weeklyOcc.length).toBeLessThanOrEqual(10);
    expect(new Set(weeklyOcc.map((o) => o.startsAt.getUTCDay()))).toEqual(new Set([1, 4]));
    for (const o of weeklyOcc) expect(o.startsAt.getUTCHours() * 60 + o.startsAt.getUTCMinutes()).toBe(start.getUTCHours() * 60 + start.getUTCMinutes());

    const monthly = await createWindow(windowBody({ startsAt: start.toISOString(), durationMinutes: 60, recurrence: 'monthly', dayOfMonth: 31 }));
    const monthlyOcc = await occurrencesOf(monthly.id);
    expect(monthlyOcc.length).toBeGreaterThanOrEqual(1);
    expect(monthlyOcc.length).toBeLessThanOrEqual(2);
    for (const o of monthlyOcc) {
      const lastDay = new Date(Date.UTC(o.startsAt.getUTCFullYear(), o.startsAt.getUTCMonth() + 1, 0)).getUTCDate();
      expect(o.startsAt.getUTCDate()).toBe(lastDay);
    }

    // A month later, the task (run through the worker) adds the next month, once.
    const daily = await createWindow(windowBody({ startsAt: start.toISOString(), durationMinutes: 30, recurrence: 'daily' }));
    const first = (await occurrencesOf(daily.id)).length;
    expect(first).toBeGreaterThanOrEqual(30);
    await db.maintenanceWindow.update({ where: { id: daily.id }, data: { materializedUntil: new Date(Date.now() + 86_400_000) } });
    await db.maintenanceOccurrence.deleteMany({ where: { windowId: daily.id, startsAt: { gt: new Date(Date.now() + 2 * 86_400_000) } } });
    await enqueueJob(db, 'roll_forward_maintenance', {});
    await runDueJobs();
    const rolled = (await occurrencesOf(daily.id)).length;
    expect(rolled).toBe(first);
    await Promise.all([rollForwardOccurrences(), rollForwardOccurrences()]);
    expect((await occurrencesOf(daily.id)).length).toBe(first);
    const ids = await db.maintenanceOccurrence.groupBy({ by: ['scheduledStartsAt'], where: { windowId: daily.id }, _count: true });
    expect(ids.every((g) => g._count === 1)).toBe(true);
  });
});

describe('occurrence actions', () => {
  it('start moves a scheduled occurrence to active, end completes it; wrong states are 409', async () => {
    const w = await createWindow(windowBody());
    const [occ] = await occurrencesOf(w.id);
    expect((await api.get(`/maintenance/occurrences/${occ.id}`, { token: admin })).body.status).toBe('scheduled');
    expect((await api.post(`/maintenance/occurrences/${occ.id}/end`, { token: admin })).body.error.code).toBe('OCCURRENCE_NOT_ACTIVE');
    const started = await api.post(`/maintenance/occurrences/${occ.id}/start`, { token: admin });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ status: 'active', scheduledStartsAt: occ.startsAt.toISOString(), windowName: 'Patch night' });
    expect(started.body.startedBy).toBeTruthy();
    expect((await api.post(`/maintenance/occurrences/${occ.id}/start`, { token: admin })).status).toBe(409);
    const active = await api.get('/maintenance/occurrences', { token: admin, query: { status: 'active', windowId: w.id } });
    expect(active.body.data.map((o: { id: string }) => o.id)).toEqual([occ.id]);
    expect((await api.get(`/maintenance/windows/${w.id}`, { token: admin })).body.currentOccurrence.id).toBe(occ.id);

    const ended = await api.post(`/maintenance/occurrences/${occ.id}/end`, { token: admin });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.status).toBe('completed');
    expect((await api.post(`/maintenance/occurrences/${occ.id}/end`, { token: admin })).status).toBe(409);
    const listed = await api.get(`/maintenance/windows/${w.id}/occurrences`, { token: admin, query: { status: 'completed' } });
    expect(listed.body.data).toHaveLength(1);
    const actions = (await db.auditLog.findMany({ where: { targetId: occ.id }, select: { action: true } })).map((a) => a.action);
    expect(actions.sort()).toEqual(['maintenance_occurrence.end', 'maintenance_occurrence.start']);
  });

  it('cancel cancels the future occurrences, keeps the running one, and cannot be repeated or edited after', async () => {
    const w = await createWindow(windowBody({ startsAt: inMinutes(-10), durationMinutes: 60, recurrence: 'daily' }));
    const occ = await occurrencesOf(w.id);
    expect(occ[0].startsAt.getTime()).toBeLessThan(Date.now());
    const res = await api.post(`/maintenance/windows/${w.id}/cancel`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', currentOccurrence: { id: occ[0].id }, nextOccurrence: null });
    const after = await occurrencesOf(w.id);
    expect(after[0].cancelledAt).toBeNull();
    expect(after.slice(1).every((o) => o.cancelledAt !== null)).toBe(true);
    expect((await api.get(`/maintenance/windows/${w.id}/occurrences`, { token: admin, query: { status: 'cancelled' } })).body.pagination.total).toBe(after.length - 1);
    expect((await api.post(`/maintenance/windows/${w.id}/cancel`, { token: admin })).body.error.code).toBe('WINDOW_CANCELLED');
    expect((await api.patch(`/maintenance/windows/${w.id}`, { token: admin, body: { name: 'x' } })).status).toBe(409);
    expect((await api.post(`/maintenance/occurrences/${after[1].id}/start`, { token: admin })).status).toBe(409);
    await rollForwardOccurrences();
    expect((await occurrencesOf(w.id)).length).toBe(after.length);
  });
});

describe('devices in maintenance now', () => {
  it('resolves organization, site, group and device targets, within the caller scope', async () => {
    const orgA = await makeOrg(partner.id);
    const site = await makeSite(orgA);
    const keyA = (await createKey(admin, { orgId: orgA.id })).key;
    const keySite = (await createKey(admin, { orgId: orgA.id, siteId: site.id })).key;
    const [plain, atSite, grouped, direct] = [await enroll(keyA), await enroll(keySite), await enroll(keyA), await enroll(keyA)];
    const group = await api.post('/groups', { token: admin, body: { name: 'Servers', orgId: orgA.id, type: 'static', deviceIds: [grouped.deviceId] } });
    expect(group.status, group.text).toBe(201);
    const active = async (query: Record<string, string> = {}) => {
      const res = await api.get('/maintenance/active', { token: admin, query: { orgId: orgA.id, ...query } });
      expect(res.status, res.text).toBe(200);
      return res.body as { data: { deviceId: string; windows: { matchedBy: string }[] }[]; pagination: { total: number } };
    };
    expect((await active()).data).toEqual([]);

    const now = inMinutes(-1);
    const bySite = await createWindow(windowBody({ orgId: orgA.id, targets: { ...noTargets, siteIds: [site.id] }, startsAt: now }));
    expect((await active()).data.map((d) => d.deviceId)).toEqual([atSite.deviceId]);
    await createWindow(windowBody({ orgId: orgA.id, targets: { ...noTargets, groupIds: [group.body.id] }, startsAt: now }));
    await createWindow(windowBody({ orgId: orgA.id, targets: { ...noTargets, deviceIds: [direct.deviceId] }, startsAt: now }));
    const three = await active();
    expect(new Set(three.data.map((d) => d.deviceId))).toEqual(new Set([atSite.deviceId, grouped.deviceId, direct.deviceId]));
    expect(three.data.find((d) => d.deviceId === grouped.deviceId)!.windows[0].matchedBy).toBe('group');
    // A future window puts nobody in maintenance yet.
    await createWindow(windowBody({ orgId: orgA.id, targets: { ...noTargets, orgIds: [orgA.id] }, startsAt: inMinutes(30) }));
    expect((await active()).pagination.total).toBe(3);
    const byOrg = await createWindow(windowBody({ orgId: orgA.id, targets: { ...noTargets, orgIds: [orgA.id] }, startsAt: now }));
    const all = await active();
    expect(all.pagination.total).toBe(4);
    expect(all.data.find((d) => d.deviceId === plain.deviceId)!.windows).toEqual([expect.objectContaining({ windowId: byOrg.id, matchedBy: 'organization' })]);
    expect(all.data.find((d) => d.deviceId === atSite.deviceId)!.windows.map((x) => x.matchedBy).sort()).toEqual(['organization', 'site']);
    expect((await active({ deviceId: direct.deviceId })).data).toHaveLength(1);
    expect((await active({ limit: '2' })).data).toHaveLength(2);

    // Ending the site window's occurrence takes only that cover away.
    const [siteOcc] = await occurrencesOf(bySite.id);
    await api.post(`/maintenance/occurrences/${siteOcc.id}/end`, { token: admin });
    expect((await active()).data.find((d) => d.deviceId === atSite.deviceId)!.windows.map((x) => x.matchedBy)).toEqual(['organization']);

    // Other tenants see none of it.
    expect((await api.get('/maintenance/active', { token: outsider })).body.pagination.total).toBe(0);
    const seenBy2 = (await api.get('/maintenance/active', { token: orgUser2 })).body.data.map((d: { deviceId: string }) => d.deviceId);
    expect(seenBy2).not.toContain(plain.deviceId);
  });
});
