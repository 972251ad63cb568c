// Saved device filters through the API: the seven /filters endpoints, their scope (another
// partner's filter and another user's private filter are 404, organization filters follow
// organization access), validation with the path of the bad node, previews whose totals match
// the devices, the device list with filterId, and the audit trail.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let adminId: string;
let tech: string;
let readOnly: string;
let orgUser: string;
let outsider: string;
let org: { id: string; partnerId: string };
let other: { id: string; partnerId: string };
let site: { id: string };
let web1: EnrolledAgent;
let web2: EnrolledAgent;
let db1: EnrolledAgent;
let mac: EnrolledAgent;
let far: EnrolledAgent;

const hostnames = (devices: { hostname: string }[]) => devices.map((d) => d.hostname).sort();
const webRules = { match: 'all', conditions: [{ field: 'hostname', op: 'starts_with', value: 'web-' }] };

beforeAll(async () => {
  partner = await makePartner();
  const adminUser = await makePartnerUser(partner);
  adminId = adminUser.id;
  admin = await tokenFor(adminUser, { mfa: true });
  tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }), { mfa: true });
  readOnly = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }), { mfa: true });
  org = await makeOrg(partner.id);
  other = await makeOrg(partner.id);
  orgUser = await tokenFor(await makeOrgUser(partner, org), { mfa: true });
  site = await makeSite(org);
  const key = (await createKey(admin, { orgId: org.id })).key;
  const siteKey = (await createKey(admin, { orgId: org.id, siteId: site.id })).key;
  web1 = await enroll(key, { hostname: 'web-01' });
  web2 = await enroll(siteKey, { hostname: 'web-02' });
  db1 = await enroll(siteKey, { hostname: 'db-01' });
  mac = await enroll(key, { hostname: 'mac-lab', osType: 'macos', osVersion: 'macOS 15' });
  far = await enroll((await createKey(admin, { orgId: other.id })).key, { hostname: 'web-far' });
  await db.device.updateMany({ where: { id: { in: [web1.deviceId, web2.deviceId, db1.deviceId, far.deviceId] } }, data: { status: 'online' } });
  await db.device.update({ where: { id: mac.deviceId }, data: { status: 'offline' } });
  await api.patch(`/devices/${db1.deviceId}`, { token: admin, body: { tags: ['prod', 'database'] } });
  const field = await api.post('/custom-fields', { token: admin, body: { key: 'tier', name: 'Tier', type: 'text' } });
  expect(field.status).toBe(201);
  expect((await api.put(`/devices/${web2.deviceId}/custom-fields`, { token: admin, body: { values: { tier: 'Gold' } } })).status).toBe(200);
  const d = await db.device.findUniqueOrThrow({ where: { id: mac.deviceId } });
  await db.deviceSoftware.create({ data: { deviceId: d.id, partnerId: d.partnerId, orgId: d.orgId, name: 'Google Chrome', version: '131.0' } });
  const theirs = await makePartner();
  outsider = await tokenFor(await makePartnerUser(theirs), { mfa: true });
});

describe('POST /filters/preview', () => {
  it('matches nested AND/OR trees over device fields with a total and pages', async () => {
    const rules = {
      match: 'any',
      conditions: [
        { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'online' }, { field: 'siteId', op: 'eq', value: site.id }, { field: 'tags', op: 'lacks', value: 'database' }] },
        { field: 'software', op: 'installed', value: 'chrome' },
      ],
    };
    const res = await api.post('/filters/preview', { token: admin, body: { rules }, query: { limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 1, total: 2 });
    expect(hostnames(res.body.data)).toEqual(['mac-lab']);
    const second = await api.post('/filters/preview', { token: admin, body: { rules }, query: { limit: 1, page: 2 } });
    expect(hostnames(second.body.data)).toEqual(['web-02']);
  });

  it('covers organization, status, custom fields and the caller’s scope', async () => {
    const count = async (token: string, body: object) => {
      const res = await api.post('/filters/preview', { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toHaveLength(res.body.pagination.total);
      return hostnames(res.body.data);
    };
    expect(await count(admin, { rules: webRules })).toEqual(['web-01', 'web-02', 'web-far']);
    expect(await count(admin, { rules: webRules, orgId: org.id })).toEqual(['web-01', 'web-02']);
    expect(await count(admin, { rules: { conditions: [{ field: 'orgId', op: 'neq', value: org.id }] } })).toEqual(['web-far']);
    expect(await count(admin, { rules: { conditions: [{ field: 'status', op: 'eq', value: 'offline' }] } })).toEqual(['mac-lab']);
    expect(await count(admin, { rules: { conditions: [{ field: 'customField', key: 'tier', op: 'eq', value: 'gold' }] } })).toEqual(['web-02']);
    expect(await count(admin, { rules: { conditions: [{ field: 'customField', key: 'tier', op: 'is_not_set' }, { field: 'hostname', op: 'matches', value: 'web-0?' }] } })).toEqual(['web-01']);
    // The organization user sees its own organization's devices only, whatever the rules say.
    expect(await count(orgUser, { rules: webRules })).toEqual(['web-01', 'web-02']);
    expect(await count(outsider, { rules: webRules })).toEqual([]);
    expect((await api.post('/filters/preview', { token: outsider, body: { rules: webRules, orgId: org.id } })).status).toBe(404);
  });

  it('answers a bad rule with a 400 naming the node', async () => {
    const bad = async (rules: unknown) => {
      const res = await api.post('/filters/preview', { token: admin, body: { rules } });
      expect(res.status, JSON.stringify(rules)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      return res.body.error.details[0].path;
    };
    expect(await bad({ conditions: [{ field: 'status', op: 'eq', value: 'online' }, { match: 'any', conditions: [{ field: 'lastSeen', op: 'within_minutes', value: 'soon' }] }] })).toBe('body.rules.conditions.1.conditions.0.value');
    expect(await bad({ conditions: [{ field: 'cpu', op: 'eq', value: 1 }] })).toBe('body.rules.conditions.0.field');
    expect(await bad({ conditions: [{ field: 'osType', op: 'eq', value: 'beos' }] })).toBe('body.rules.conditions.0.value');
    expect(await bad({ conditions: [] })).toBe('body.rules.conditions');
    expect(await bad({ match: 'some', conditions: [{ field: 'tags', op: 'has', value: 'x' }] })).toBe('body.rules.match');
  });
});

describe('saved filters', () => {
  it('creates, lists, gets, previews, edits and deletes with an audit trail', async () => {
    const created = await api.post('/filters', { token: tech, body: { name: 'Web servers', description: 'All web boxes', rules: webRules, visibility: 'shared' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Web servers', visibility: 'shared', orgId: null, partnerId: partner.id, rules: webRules });
    const id = created.body.id as string;
    expect((await api.post('/filters', { token: tech, body: { name: 'Web servers', rules: webRules } })).body.error.code).toBe('FILTER_NAME_TAKEN');

    const listed = await api.get('/filters', { token: readOnly });
    expect(listed.body.data.map((f: { id: string }) => f.id)).toContain(id);
    expect((await api.get(`/filters/${id}`, { token: readOnly })).body.name).toBe('Web servers');

    const preview = await api.post(`/filters/${id}/preview`, { token: readOnly });
    const adHoc = await api.post('/filters/preview', { token: readOnly, body: { rules: webRules } });
    expect(preview.status).toBe(200);
    expect(preview.body.pagination.total).toBe(3);
    expect(preview.body).toEqual(adHoc.body);

    const renamed = await api.patch(`/filters/${id}`, { token: admin, body: { name: 'Web fleet', rules: { match: 'all', conditions: [...webRules.conditions, { field: 'orgId', op: 'eq', value: org.id }] } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Web fleet', updatedById: adminId });
    expect((await api.post(`/filters/${id}/preview`, { token: admin })).body.pagination.total).toBe(2);
    const notOwner = await api.patch(`/filters/${id}`, { token: admin, body: { visibility: 'private' } });
    expect([notOwner.status, notOwner.body.error.code]).toEqual([403, 'FILTER_NOT_OWNER']);
    expect((await api.patch(`/filters/${id}`, { token: admin, body: {} })).status).toBe(400);

    expect((await api.delete(`/filters/${id}`, { token: readOnly })).status).toBe(403);
    expect((await api.delete(`/filters/${id}`, { token: tech })).status).toBe(204);
    expect((await api.get(`/filters/${id}`, { token: tech })).status).toBe(404);
    const audit = await db.auditLog.findMany({ where: { targetId: id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['saved_filter.create', 'saved_filter.update', 'saved_filter.delete']);
  });

  it('keeps private filters to their owner and another partner out', async () => {
    const mine = await api.post('/filters', { token: tech, body: { name: 'My macs', rules: { conditions: [{ field: 'osType', op: 'eq', value: 'macos' }] } } });
    expect(mine.body.visibility).toBe('private');
    const id = mine.body.id as string;
    for (const token of [admin, readOnly]) {
      expect((await api.get(`/filters/${id}`, { token })).status).toBe(404);
      expect((await api.post(`/filters/${id}/preview`, { token })).status).toBe(404);
      expect((await api.get('/filters', { token })).body.data.map((f: { id: string }) => f.id)).not.toContain(id);
      expect((await api.get('/devices', { token, query: { filterId: id } })).status).toBe(404);
    }
    expect((await api.patch(`/filters/${id}`, { token: admin, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await api.delete(`/filters/${id}`, { token: admin })).status).toBe(404);
    const shared = await api.post('/filters', { token: admin, body: { name: 'Everything web', rules: webRules, visibility: 'shared' } });
    for (const path of [`/filters/${shared.body.id}`, `/filters/${id}`]) {
      expect((await api.get(path, { token: outsider })).status).toBe(404);
      expect((await api.delete(path, { token: outsider })).status).toBe(404);
      expect((await api.post(`${path}/preview`, { token: outsider })).status).toBe(404);
    }
    expect((await api.get('/filters', { token: outsider })).body.data).toEqual([]);
    expect((await api.get(`/filters/${id}`, { token: tech })).body.name).toBe('My macs');
    expect((await api.get('/devices', { token: tech, query: { filterId: id } })).body.data.map((d: { hostname: string }) => d.hostname)).toEqual(['mac-lab']);
    expect((await api.get('/filters', { token: tech, query: { mine: 'true' } })).body.data.map((f: { name: string }) => f.name)).toContain('My macs');
    expect(await db.savedFilter.count({ where: { id: { in: [id, shared.body.id] } } })).toBe(2);
  });

  it('scopes organization filters to their organization and its users', async () => {
    const theirs = await api.post('/filters', { token: admin, body: { name: 'Other org web', rules: webRules, orgId: other.id, visibility: 'shared' } });
    expect(theirs.status).toBe(201);
    expect(hostnames((await api.post(`/filters/${theirs.body.id}/preview`, { token: admin })).body.data)).toEqual(['web-far']);
    expect((await api.get(`/filters/${theirs.body.id}`, { token: orgUser })).status).toBe(404);
    const own = await api.post('/filters', { token: orgUser, body: { name: 'Ours', rules: webRules, visibility: 'shared' } });
    expect(own.body.orgId).toBe(org.id);
    expect((await api.get(`/filters/${own.body.id}`, { token: admin })).body.name).toBe('Ours');
    expect((await api.post('/filters', { token: orgUser, body: { name: 'Sneaky', rules: webRules, orgId: other.id } })).status).toBe(404);
    const partnerWide = await api.post('/filters', { token: admin, body: { name: 'Partner wide', rules: webRules, visibility: 'shared' } });
    expect((await api.get(`/filters/${partnerWide.body.id}`, { token: orgUser })).status).toBe(404);
  });

  it('validates saved filters', async () => {
    const bad = [
      { name: '', rules: webRules },
      { name: 'x' },
      { name: 'x', rules: webRules, visibility: 'public' },
      { name: 'x', rules: { conditions: [{ field: 'customField', key: 'tier', op: 'gt', value: 'high' }] } },
      { name: 'x', rules: webRules, extra: true },
    ];
    for (const body of bad) expect((await api.post('/filters', { token: admin, body })).status, JSON.stringify(body)).toBe(400);
    // A malformed id reads like a missing one.
    expect((await api.get('/filters/not-a-uuid', { token: admin })).status).toBe(404);
    expect((await api.post('/filters', { token: readOnly, body: { name: 'x', rules: webRules } })).status).toBe(403);
    expect(await db.savedFilter.count({ where: { name: 'x' } })).toBe(0);
  });
});

describe('GET /devices?filterId', () => {
  it('applies a saved filter in page and cursor mode, with the other filters', async () => {
    const f = await api.post('/filters', { token: admin, body: { name: 'Site web', rules: { match: 'any', conditions: [{ field: 'hostname', op: 'starts_with', value: 'web-' }, { field: 'tags', op: 'has', value: 'prod' }] } } });
    const page = await api.get('/devices', { token: admin, query: { filterId: f.body.id, limit: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 4 });
    expect(page.body.data.map((d: { hostname: string }) => d.hostname)).toEqual(['db-01', 'web-01']);
    const last = await api.get('/devices', { token: admin, query: { filterId: f.body.id, limit: 2, page: 2 } });
    expect(last.body.data.map((d: { hostname: string }) => d.hostname)).toEqual(['web-02', 'web-far']);
    const narrowed = await api.get('/devices', { token: admin, query: { filterId: f.body.id, siteIds: site.id } });
    expect(hostnames(narrowed.body.data)).toEqual(['db-01', 'web-02']);
    const cursor = await api.get('/devices', { token: admin, query: { filterId: f.body.id, cursor: '', includeTotal: 'true', sort: 'hostname', sortDir: 'desc', limit: 3 } });
    expect(cursor.status).toBe(200);
    expect(cursor.body.total).toBe(4);
    expect(cursor.body.devices.map((d: { hostname: string }) => d.hostname)).toEqual(['web-far', 'web-02', 'web-01']);
    const next = await api.get('/devices', { token: admin, query: { filterId: f.body.id, cursor: cursor.body.nextCursor, sort: 'hostname', sortDir: 'desc', limit: 3 } });
    expect(next.body.devices.map((d: { hostname: string }) => d.hostname)).toEqual(['db-01']);
    expect((await api.get('/devices', { token: outsider, query: { filterId: f.body.id } })).status).toBe(404);
    expect((await api.get('/devices', { token: admin, query: { filterId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
  });
});

describe('deployments targeting a saved filter', () => {
  it('resolve the shared filter’s matches at initialize, refuse private and foreign filters', async () => {
    const pkg = await api.post('/software/catalog', { token: admin, body: { name: 'Curl', kind: 'package_manager', packageRef: 'apt:curl', osTypes: ['linux'] } });
    const version = await api.post(`/software/catalog/${pkg.body.id}/versions`, { token: admin, body: { version: '8.0' } });
    const payload = { packageId: pkg.body.id, versionId: version.body.id };
    const shared = await api.post('/filters', { token: admin, body: { name: 'Deploy web', rules: { conditions: [{ field: 'hostname', op: 'matches', value: 'web-0*' }] }, visibility: 'shared' } });
    const targets = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [], filterIds: [shared.body.id] };
    const created = await api.post('/deployments', { token: tech, body: { name: 'Curl to web', orgId: org.id, kind: 'software', payload, targets } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.targets.filterIds).toEqual([shared.body.id]);
    expect(created.body.targetNames[shared.body.id]).toBe('Deploy web');
    // The filter changes before initialize: the deployment takes the matches of that moment.
    await api.patch(`/filters/${shared.body.id}`, { token: admin, body: { rules: { conditions: [{ field: 'hostname', op: 'matches', value: 'web-*' }] } } });
    const ready = await api.post(`/deployments/${created.body.id}/initialize`, { token: tech });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    const rows = await db.deploymentDevice.findMany({ where: { deploymentId: created.body.id } });
    // web-far is of the other organization: outside this deployment's scope.
    expect(rows.map((r) => r.hostname).sort()).toEqual(['web-01', 'web-02']);

    const mine = await api.post('/filters', { token: tech, body: { name: 'Private deploy', rules: webRules } });
    const refused = await api.post('/deployments', { token: tech, body: { name: 'x', orgId: org.id, kind: 'software', payload, targets: { ...targets, filterIds: [mine.body.id] } } });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'FILTER_NOT_SHARED']);
    const hidden = await api.post('/deployments', { token: admin, body: { name: 'x', orgId: org.id, kind: 'software', payload, targets: { ...targets, filterIds: [mine.body.id] } } });
    expect([hidden.status, hidden.body.error.code]).toEqual([400, 'TARGET_NOT_IN_SCOPE']);

    // Deleted after the deployment was saved: initialize names it.
    const gone = await api.post('/filters', { token: admin, body: { name: 'Soon gone', rules: webRules, visibility: 'shared' } });
    const draft = await api.post('/deployments', { token: admin, body: { name: 'Curl again', orgId: org.id, kind: 'software', payload, targets: { ...targets, filterIds: [gone.body.id] } } });
    expect(draft.status).toBe(201);
    await api.delete(`/filters/${gone.body.id}`, { token: admin });
    const stale = await api.post(`/deployments/${draft.body.id}/initialize`, { token: admin });
    expect([stale.status, stale.body.error.code, stale.body.error.details[0].path]).toEqual([400, 'TARGET_NOT_IN_SCOPE', 'targets.filterIds']);
  });
});
