// POST /alerts/:id/ticket: a ticket opened from an alert is linked to it, carries its
// organization, site and device, and there is one live ticket per alert.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { seedAlert } from '../helpers/alerts';
import { seedDevice } from '../helpers/billing';
import { makeRole } from '../helpers/access';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let tech: string;
let org: { id: string; partnerId: string };
let device: { id: string };
let siteId: string;

beforeAll(async () => {
  partner = await makePartner();
  tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }));
  org = await makeOrg(partner.id);
  siteId = (await makeSite(org)).id;
  device = await seedDevice(org, { siteId });
});

async function alertOnDevice(severity: 'critical' | 'high' | 'medium' | 'low' | 'info' = 'critical') {
  const alert = await seedAlert(org, { deviceId: device.id, severity, title: 'Disk almost full' });
  await db.alert.update({ where: { id: alert.id }, data: { siteId } });
  return alert;
}

describe('POST /alerts/:id/ticket', () => {
  it('opens a linked ticket with the alert’s organization, site, device and a priority from its severity', async () => {
    const alert = await alertOnDevice('critical');
    const res = await api.post(`/alerts/${alert.id}/ticket`, { token: tech, body: {} });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ alertId: alert.id, orgId: org.id, siteId, deviceId: device.id, source: 'alert', priority: 'p1', subject: '[critical] Disk almost full', description: 'Seeded for a test' });
    const row = await db.ticket.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.alertId).toBe(alert.id);
    const audit = await db.auditLog.findFirst({ where: { targetId: res.body.id, action: 'ticket.create' } });
    expect(audit?.details).toMatchObject({ alertId: alert.id, source: 'alert' });
    // The link reads back on the ticket.
    const read = await api.get(`/tickets/${res.body.id}`, { token: tech });
    expect(read.body.alertId).toBe(alert.id);
  });

  it('takes an explicit priority', async () => {
    const alert = await alertOnDevice('info');
    const res = await api.post(`/alerts/${alert.id}/ticket`, { token: tech, body: { priority: 'p2' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.priority).toBe('p2');
  });

  it('answers 409 TICKET_EXISTS naming the live ticket; a deleted ticket frees the alert', async () => {
    const alert = await alertOnDevice('high');
    const first = await api.post(`/alerts/${alert.id}/ticket`, { token: tech, body: {} });
    expect(first.status).toBe(201);
    const again = await api.post(`/alerts/${alert.id}/ticket`, { token: tech, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'TICKET_EXISTS', details: { ticketId: first.body.id, number: first.body.number } });
    expect(await db.ticket.count({ where: { alertId: alert.id } })).toBe(1);
    await db.ticket.update({ where: { id: first.body.id }, data: { deletedAt: new Date() } });
    const after = await api.post(`/alerts/${alert.id}/ticket`, { token: tech, body: {} });
    expect(after.status, after.text).toBe(201);
  });

  it('two requests at once make one ticket', async () => {
    const alert = await alertOnDevice('medium');
    const results = await Promise.all([0, 1, 2].map(() => api.post(`/alerts/${alert.id}/ticket`, { token: tech, body: {} })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db.ticket.count({ where: { alertId: alert.id, deletedAt: null } })).toBe(1);
  });

  it('is 404 for an alert of another partner and for a caller who cannot read alerts; nothing is created', async () => {
    const alert = await alertOnDevice();
    const outsider = await tokenFor(await makePartnerUser(await makePartner()));
    const foreign = await api.post(`/alerts/${alert.id}/ticket`, { token: outsider, body: {} });
    expect(foreign.status).toBe(404);
    const role = await makeRole(partner, ['tickets:write', 'tickets:read']);
    const ticketsOnly = await tokenFor(await makePartnerUser({ id: partner.id, roles: { t: role.id } }, { role: 't' }));
    expect((await api.post(`/alerts/${alert.id}/ticket`, { token: ticketsOnly, body: {} })).status).toBe(404);
    expect(await db.ticket.count({ where: { alertId: alert.id } })).toBe(0);
    const readOnly = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }));
    expect((await api.post(`/alerts/${alert.id}/ticket`, { token: readOnly, body: {} })).status).toBe(403);
  });
});
