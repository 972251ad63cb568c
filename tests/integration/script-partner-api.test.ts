// Partner-API exports of scripts, custom fields and custom-field values: the principal's reach
// (partner library plus its organizations), keyset paging, and other partners kept out.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { asPrincipal, exportAll, makePrincipal } from '../helpers/partner-api';
import { db } from '@/lib/db';

let admin: string;
let orgA: { id: string };
let orgB: { id: string };
let partnerId: string;
const ids = { partnerScript: '', scriptA: '', scriptB: '', foreignScript: '' };

beforeAll(async () => {
  const partner = await makePartner();
  partnerId = partner.id;
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgA = await makeOrg(partner.id);
  orgB = await makeOrg(partner.id);
  const mk = async (token: string, body: Record<string, unknown>) => {
    const res = await api.post('/scripts', { token, body: { name: `S ${Math.random()}`, osTypes: ['linux'], language: 'bash', content: 'echo hi\n', ...body } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  ids.partnerScript = await mk(admin, { availability: 'partner' });
  ids.scriptA = await mk(admin, { orgId: orgA.id, tags: ['t1'], category: 'Cat' });
  ids.scriptB = await mk(admin, { orgId: orgB.id });
  for (let i = 0; i < 4; i++) await mk(admin, { orgId: orgA.id });
  const other = await makePartner();
  const otherAdmin = await tokenFor(await makePartnerUser(other));
  const otherOrg = await makeOrg(other.id);
  ids.foreignScript = await mk(otherAdmin, { orgId: otherOrg.id });
});

describe('partner-API script exports', () => {
  it('scripts: partner library plus the principal’s organizations, paged exactly once each', async () => {
    const all = await makePrincipal(admin, { scopes: ['scripts:read'] });
    const rows = await exportAll('scripts', all.key, 2);
    const got = rows.map((r) => r.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual((await db.script.findMany({ where: { partnerId } })).map((s) => s.id).sort());
    expect(got).not.toContain(ids.foreignScript);
    const a = rows.find((r) => r.id === ids.scriptA)!;
    expect(a).toMatchObject({ orgId: orgA.id, availability: 'org', content: 'echo hi\n', tags: ['t1'], category: 'Cat', version: 1 });

    const onlyB = await makePrincipal(admin, { scopes: ['scripts:read'], orgIds: [orgB.id] });
    const bRows = await exportAll('scripts', onlyB.key, 50);
    expect(bRows.map((r) => r.id).sort()).toEqual([ids.partnerScript, ids.scriptB].sort());
  });

  it('custom fields and their values', async () => {
    const field = await api.post('/custom-fields', { token: admin, body: { key: 'site_code', name: 'Site code', type: 'text' } });
    const orgField = await api.post('/custom-fields', { token: admin, body: { key: 'rack', name: 'Rack', type: 'text', orgId: orgB.id } });
    expect(field.status).toBe(201);
    const devices = await Promise.all(
      [orgA, orgA, orgB].map((o) => db.device.create({ data: { partnerId, orgId: o.id, hostname: `h-${Math.random()}`, status: 'online', osType: 'linux' } })),
    );
    for (const d of devices) {
      const res = await api.put(`/devices/${d.id}/custom-fields`, { token: admin, body: { values: { site_code: `code-${d.hostname}`, ...(d.orgId === orgB.id ? { rack: 'R1' } : {}) } } });
      expect(res.status, res.text).toBe(200);
    }
    const p = await makePrincipal(admin, { scopes: ['custom-fields:read'] });
    const defs = await exportAll('custom-fields', p.key, 1);
    expect(defs.map((d) => d.id).sort()).toEqual([field.body.id, orgField.body.id].sort());
    const values = await exportAll('custom-field-values', p.key, 1);
    expect(values).toHaveLength(4);
    expect(new Set(values.map((v) => `${v.fieldId}:${v.deviceId}`)).size).toBe(4);
    expect(values.find((v) => v.key === 'rack')).toMatchObject({ value: 'R1', source: 'user', orgId: orgB.id, deviceId: devices[2].id });

    const onlyA = await makePrincipal(admin, { scopes: ['custom-fields:read'], orgIds: [orgA.id] });
    expect((await exportAll('custom-fields', onlyA.key, 50)).map((d) => d.key)).toEqual(['site_code']);
    expect((await exportAll('custom-field-values', onlyA.key, 50)).every((v) => v.orgId === orgA.id)).toBe(true);
    expect((await api.get('/partner-api/custom-field-values', asPrincipal(onlyA.key, { query: { limit: 50 } }))).body.data).toHaveLength(2);
  });
});
