import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeApiKey, makeRole, withKey } from '../helpers/access';
import { db } from '@/lib/db';

type Item = { id: string; userId: string; email: string; decision: string | null; outcome?: string | null };

async function setup() {
  const partner = await makePartner();
  const org = await makeOrg(partner.id, 'Customer');
  const reviewer = await makePartnerUser(partner, { email: `a-reviewer-${partner.slug}@example.test` });
  const token = await tokenFor(reviewer, { mfa: true });
  const tech = await makePartnerUser(partner, { email: `b-tech-${partner.slug}@example.test`, role: 'Technician', orgAccess: 'selected', orgIds: [org.id] });
  const reader = await makePartnerUser(partner, { email: `c-reader-${partner.slug}@example.test`, role: 'Read Only', orgAccess: 'none' });
  const customer = await makeOrgUser(partner, org, { email: `d-customer-${partner.slug}@example.test` });
  return { partner, org, reviewer, token, tech, reader, customer };
}

const itemOf = (items: Item[], userId: string) => items.find((i) => i.userId === userId)!;

describe('access reviews', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup();
  });

  it('snapshots every user of the partner with role and organization access', async () => {
    await makePartnerUser(await makePartner()); // another partner's user is not included
    const res = await api.post('/access-reviews', { token: s.token, body: { name: 'Q4 review', dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Q4 review', status: 'open', partnerId: s.partner.id, counts: { total: 4, undecided: 4, keep: 0, revoke: 0 }, completedBy: null });
    expect(res.body.items.map((i: Item) => i.userId)).toEqual([s.reviewer.id, s.tech.id, s.reader.id, s.customer.id]);
    expect(itemOf(res.body.items, s.tech.id)).toMatchObject({ scope: 'partner', role: { name: 'Technician' }, orgAccess: 'selected', orgIds: [s.org.id], decision: null, userStatus: 'active' });
    expect(itemOf(res.body.items, s.customer.id)).toMatchObject({ scope: 'organization', orgId: s.org.id, role: { name: 'Organization Admin' }, orgAccess: null, orgIds: [s.org.id] });
    // The snapshot does not follow later changes.
    await db.partnerUser.update({ where: { userId: s.reader.id }, data: { orgAccess: 'all' } });
    const again = await api.get(`/access-reviews/${res.body.id}`, { token: s.token });
    expect(itemOf(again.body.items, s.reader.id)).toMatchObject({ orgAccess: 'none' });
    const list = await api.get('/access-reviews', { token: s.token });
    expect(list.body.data[0]).toMatchObject({ id: res.body.id, counts: { total: 4, undecided: 4 } });
  });

  it('completion revokes exactly the items marked revoke, atomically, and records who decided', async () => {
    const review = (await api.post('/access-reviews', { token: s.token, body: {} })).body;
    expect(review.name).toMatch(/^Access review \d{4}-\d{2}-\d{2}$/);
    const techToken = await tokenFor(s.tech);
    const techKey = await makeApiKey(await makePartnerUser(s.partner, { email: `e-keyholder-${s.partner.slug}@example.test` }), ['orgs:read']);
    const readerToken = await tokenFor(s.reader);
    // The key holder joined after the snapshot: the review does not cover them.
    expect(review.items).toHaveLength(4);

    const decide = (userId: string, decision: 'keep' | 'revoke', note?: string) =>
      api.patch(`/access-reviews/${review.id}/items/${itemOf(review.items, userId).id}`, { token: s.token, body: { decision, note } });
    expect((await decide(s.tech.id, 'revoke', 'left the company')).status).toBe(200);

    const early = await api.post(`/access-reviews/${review.id}/complete`, { token: s.token });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'REVIEW_INCOMPLETE', details: { undecided: 3 } });
    expect((await api.get('/users/me', { token: techToken })).status).toBe(200); // nothing applied yet

    const self = await decide(s.reviewer.id, 'revoke');
    expect(self.body.error.code).toBe('CANNOT_REVOKE_SELF');
    expect((await decide(s.reviewer.id, 'keep')).body).toMatchObject({ decision: 'keep', decidedBy: { id: s.reviewer.id, email: s.reviewer.email } });
    expect((await decide(s.reader.id, 'keep')).status).toBe(200);
    // Decisions can change until completion.
    expect((await decide(s.customer.id, 'keep')).status).toBe(200);
    expect((await decide(s.customer.id, 'revoke', 'contract ended')).body).toMatchObject({ decision: 'revoke', note: 'contract ended' });

    const done = await api.post(`/access-reviews/${review.id}/complete`, { token: s.token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', completedBy: { id: s.reviewer.id }, counts: { total: 4, undecided: 0, keep: 2, revoke: 2 } });
    expect(itemOf(done.body.items, s.tech.id)).toMatchObject({ outcome: 'revoked', note: 'left the company', decidedBy: { id: s.reviewer.id } });
    expect(itemOf(done.body.items, s.reader.id)).toMatchObject({ outcome: 'kept' });

    // Exactly the marked users lost access, at once.
    expect((await api.get('/users/me', { token: techToken })).status).toBe(401);
    expect((await api.get('/users/me', { token: readerToken })).status).toBe(200);
    expect((await api.get('/orgs/organizations', withKey(techKey.key))).status).toBe(200);
    expect(await db.partnerUser.count({ where: { userId: s.tech.id } })).toBe(0);
    expect(await db.organizationUser.count({ where: { userId: s.customer.id } })).toBe(0);
    expect(await db.partnerUser.count({ where: { userId: s.reader.id } })).toBe(1);
    const audits = await db.auditLog.findMany({ where: { action: 'access_review.revoke', partnerId: s.partner.id } });
    expect(audits.map((a) => a.targetId).sort()).toEqual([s.tech.id, s.customer.id].sort());
    expect(audits.find((a) => a.targetId === s.tech.id)!.details).toMatchObject({ decidedById: s.reviewer.id, note: 'left the company' });

    // Completed reviews are closed.
    expect((await api.post(`/access-reviews/${review.id}/complete`, { token: s.token })).body.error.code).toBe('REVIEW_COMPLETED');
    expect((await decide(s.reader.id, 'revoke')).body.error.code).toBe('REVIEW_COMPLETED');
  });

  it('a revoked user API key stops with them; users already gone are reported, not an error', async () => {
    const p = await setup();
    const key = await makeApiKey(p.reader, ['orgs:read']).catch(() => null);
    expect(key).toBeNull(); // Read Only holds no api_keys:manage
    const integrator = await makeRole(p.partner, ['orgs:read', 'api_keys:manage']);
    const bot = await makePartnerUser({ id: p.partner.id, roles: { I: integrator.id } }, { role: 'I' });
    const botKey = await makeApiKey(bot, ['orgs:read']);
    const review = (await api.post('/access-reviews', { token: p.token, body: {} })).body;
    for (const item of review.items as Item[]) {
      const decision = item.userId === bot.id || item.userId === p.customer.id ? 'revoke' : 'keep';
      await api.patch(`/access-reviews/${review.id}/items/${item.id}`, { token: p.token, body: { decision } });
    }
    await api.delete(`/users/${p.customer.id}`, { token: p.token });
    const done = await api.post(`/access-reviews/${review.id}/complete`, { token: p.token });
    expect(done.status).toBe(200);
    expect(itemOf(done.body.items, p.customer.id).outcome).toBe('already_removed');
    expect(itemOf(done.body.items, bot.id).outcome).toBe('revoked');
    expect((await api.get('/orgs/organizations', withKey(botKey.key))).status).toBe(401);
  });

  it('refuses to revoke the last Partner Admin, applying nothing', async () => {
    const p = await setup();
    const other = await makePartnerUser(p.partner, { email: `z-admin-${p.partner.slug}@example.test` });
    const review = (await api.post('/access-reviews', { token: p.token, body: {} })).body;
    // Another admin marks the reviewer for revocation too: then no admin would be left.
    const otherToken = await tokenFor(other, { mfa: true });
    for (const item of review.items as Item[]) {
      const by = item.userId === other.id ? p.token : otherToken;
      await api.patch(`/access-reviews/${review.id}/items/${item.id}`, { token: by, body: { decision: item.userId === p.reader.id ? 'keep' : 'revoke' } });
    }
    const res = await api.post(`/access-reviews/${review.id}/complete`, { token: p.token });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LAST_PARTNER_ADMIN');
    expect(await db.partnerUser.count({ where: { partnerId: p.partner.id } })).toBe(4);
    expect((await db.accessReview.findUniqueOrThrow({ where: { id: review.id } })).status).toBe('open');
  });

  it('needs users:manage and access to every organization; other partners get 404', async () => {
    const p = await setup();
    const review = (await api.post('/access-reviews', { token: p.token, body: {} })).body;
    const techToken = await tokenFor(p.tech, { mfa: true });
    expect((await api.post('/access-reviews', { token: techToken, body: {} })).status).toBe(403);
    const limited = await makeRole(p.partner, ['users:read', 'users:manage']);
    const narrow = await tokenFor(await makePartnerUser({ id: p.partner.id, roles: { L: limited.id } }, { role: 'L', orgAccess: 'none' }));
    expect((await api.get(`/access-reviews/${review.id}`, { token: narrow })).status).toBe(403);

    const outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    const item = review.items[1] as Item;
    const attempts = [
      api.get(`/access-reviews/${review.id}`, { token: outsider }),
      api.patch(`/access-reviews/${review.id}/items/${item.id}`, { token: outsider, body: { decision: 'revoke' } }),
      api.post(`/access-reviews/${review.id}/complete`, { token: outsider }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await api.get('/access-reviews', { token: outsider })).body.data).toEqual([]);
    expect((await db.accessReviewItem.findUniqueOrThrow({ where: { id: item.id } })).decision).toBeNull();
    // An item id of another review does not resolve under this one.
    const second = (await api.post('/access-reviews', { token: p.token, body: {} })).body;
    const mixed = await api.patch(`/access-reviews/${second.id}/items/${item.id}`, { token: p.token, body: { decision: 'keep' } });
    expect(mixed.status).toBe(404);
    expect((await api.patch(`/access-reviews/${review.id}/items/${item.id}`, { token: p.token, body: { decision: 'maybe' } })).status).toBe(400);
  });
});
