// GET /devices/list-extras: the site name, open-alert and missing-patch summary of a list page's
// devices, in scope only, with alert and patch fields only for callers who may read them.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { seedAlert } from '../helpers/alerts';
import { seedDevice } from '../helpers/billing';
import { makeRole } from '../helpers/access';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let org: { id: string; partnerId: string };
let org2: { id: string; partnerId: string };
let sited: { id: string };
let bare: { id: string };
let elsewhere: { id: string };
let outsiderDevice: { id: string };

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner));
  org = await makeOrg(partner.id);
  org2 = await makeOrg(partner.id);
  const site = await makeSite(org, 'Head office');
  sited = await seedDevice(org, { siteId: site.id });
  bare = await seedDevice(org);
  elsewhere = await seedDevice(org2);
  const other = await makePartner();
  outsiderDevice = await seedDevice(await makeOrg(other.id));
  // Open alerts of several severities on one device, plus closed ones that do not count.
  await seedAlert(org, { deviceId: sited.id, severity: 'medium' });
  await seedAlert(org, { deviceId: sited.id, severity: 'critical', status: 'acknowledged' });
  await seedAlert(org, { deviceId: sited.id, severity: 'low', status: 'suppressed' });
  await seedAlert(org, { deviceId: sited.id, severity: 'critical', status: 'resolved' });
  await seedAlert(org, { deviceId: bare.id, severity: 'high', status: 'dismissed' });
  // Patches: two missing (one important), one that failed to install, one installed that does not count.
  const tag = sited.id.slice(0, 8);
  const patch = (name: string, severity: 'important' | 'low') => db.patch.create({ data: { source: 'linux', name: `${name}-${tag}`, version: '2.0', title: name, severity } });
  const [ssl, curl, vim, zlib] = await Promise.all([patch('openssl', 'important'), patch('curl', 'low'), patch('vim', 'low'), patch('zlib', 'low')]);
  const onSited = { partnerId: partner.id, orgId: org.id, deviceId: sited.id };
  await db.devicePatch.createMany({
    data: [
      { ...onSited, patchId: ssl.id },
      { ...onSited, patchId: curl.id },
      { ...onSited, patchId: vim.id, status: 'failed' },
      { ...onSited, patchId: zlib.id, status: 'installed' },
    ],
  });
});

const byDevice = (data: { deviceId: string }[]) => Object.fromEntries(data.map((d) => [d.deviceId, d]));

describe('GET /devices/list-extras', () => {
  it('answers the site name and the open alerts of each device asked for', async () => {
    const res = await api.get('/devices/list-extras', { token: admin, query: { deviceIds: [sited.id, bare.id, elsewhere.id].join(',') } });
    expect(res.status, res.text).toBe(200);
    const rows = byDevice(res.body.data);
    expect(rows[sited.id]).toEqual({ deviceId: sited.id, siteName: 'Head office', openAlertCount: 3, highestSeverity: 'critical', missingPatchCount: 3, missingCriticalPatchCount: 1 });
    expect(rows[bare.id]).toEqual({ deviceId: bare.id, siteName: null, openAlertCount: 0, highestSeverity: null, missingPatchCount: 0, missingCriticalPatchCount: 0 });
    expect(rows[elsewhere.id]).toMatchObject({ openAlertCount: 0 });
  });

  it('leaves out devices of another tenant and of organizations outside an org user’s scope', async () => {
    const orgUser = await tokenFor(await makeOrgUser(partner, org, { role: 'Organization User' }));
    const res = await api.get('/devices/list-extras', { token: orgUser, query: { deviceIds: [sited.id, elsewhere.id, outsiderDevice.id].join(',') } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((d: { deviceId: string }) => d.deviceId)).toEqual([sited.id]);
    const outsider = await tokenFor(await makePartnerUser(await makePartner()));
    const foreign = await api.get('/devices/list-extras', { token: outsider, query: { deviceIds: sited.id } });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
  });

  it('gives no alert or patch data to a caller without alerts:read and patches:read', async () => {
    const role = await makeRole(partner, ['devices:read']);
    const user = await makePartnerUser({ id: partner.id, roles: { only: role.id } }, { role: 'only' });
    const res = await api.get('/devices/list-extras', { token: await tokenFor(user), query: { deviceIds: sited.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([{ deviceId: sited.id, siteName: 'Head office', openAlertCount: null, highestSeverity: null, missingPatchCount: null, missingCriticalPatchCount: null }]);
  });

  it('validates the ids: required, uuids, at most 500', async () => {
    expect((await api.get('/devices/list-extras', { token: admin })).status).toBe(400);
    expect((await api.get('/devices/list-extras', { token: admin, query: { deviceIds: 'not-a-uuid' } })).status).toBe(400);
    const many = Array.from({ length: 501 }, () => sited.id).join(',');
    expect((await api.get('/devices/list-extras', { token: admin, query: { deviceIds: many } })).status).toBe(400);
    // A device row is never touched by the read.
    const before = await db.device.findUniqueOrThrow({ where: { id: sited.id } });
    await api.get('/devices/list-extras', { token: admin, query: { deviceIds: sited.id } });
    expect((await db.device.findUniqueOrThrow({ where: { id: sited.id } })).updatedAt).toEqual(before.updatedAt);
  });
});
