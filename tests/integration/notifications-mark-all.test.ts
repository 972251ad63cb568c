// PATCH /notifications marks every unread notification of the caller read, and only theirs.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';

let me: { id: string };
let other: { id: string };
let token: string;
let otherToken: string;

async function notify(userId: string, title: string, read = false) {
  return db.notification.create({ data: { userId, type: 'alert.triggered', title, body: title, readAt: read ? new Date(Date.now() - 60_000) : null } });
}

beforeAll(async () => {
  const partner = await makePartner();
  me = await makePartnerUser(partner, { role: 'Technician' });
  other = await makePartnerUser(partner, { role: 'Technician' });
  token = await tokenFor(me);
  otherToken = await tokenFor(other);
});

describe('PATCH /notifications (mark all read)', () => {
  it('marks only the caller’s unread notifications read and keeps earlier read times', async () => {
    await notify(me.id, 'disk full');
    await notify(me.id, 'cpu high');
    const earlier = await notify(me.id, 'seen already', true);
    await notify(other.id, 'someone else’s');
    expect((await api.get('/notifications/unread-count', { token })).body.count).toBe(2);

    const res = await api.patch('/notifications', { token, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect((await api.get('/notifications/unread-count', { token })).body.count).toBe(0);
    const list = await api.get('/notifications', { token });
    expect(list.body.data.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await db.notification.findUniqueOrThrow({ where: { id: earlier.id } })).readAt?.toISOString()).toBe(earlier.readAt?.toISOString());

    // The other user's notification is untouched; a second call has nothing left to do.
    expect((await api.get('/notifications/unread-count', { token: otherToken })).body.count).toBe(1);
    expect((await api.patch('/notifications', { token })).body).toEqual({ updated: 0 });
  });

  it('refuses read: false (there is no mark-all-unread) and anonymous callers', async () => {
    const res = await api.patch('/notifications', { token, body: { read: false } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect((await api.patch('/notifications', { body: {} })).status).toBe(401);
  });
});
