// The route rules (lib/http/route-rules.ts) checked over every operation of the route index:
// which operations take API keys and which need an MFA-satisfied session. A new route that breaks
// a rule fails here with the rule's reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_RULES, PEOPLE_ONLY_RULES, matchingRules } from '@/lib/http/route-rules';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeApiKey, withKey } from '../helpers/access';
import { loadOps, type Op } from '../helpers/contract/route-ops';

let ops: Op[] = [];

beforeAll(async () => {
  ops = (await loadOps()).filter((op) => op.wrapped && op.meta.auth.includes('user'));
});

const subject = (op: Op) => ({ method: op.method, path: op.path, permission: op.meta.permission, mfa: op.meta.mfa });

describe('route rules over the route index', () => {
  it('covers the user-facing operations', () => {
    expect(ops.length).toBeGreaterThan(250);
  });

  it('gates an operation behind MFA exactly when an MFA rule applies to it', () => {
    const wrong = ops
      .map((op) => ({ op, rules: matchingRules(MFA_RULES, subject(op)) }))
      .filter(({ op, rules }) => op.meta.mfa !== rules.length > 0)
      .map(({ op, rules }) => (op.meta.mfa ? `${op.key} is MFA-gated but no MFA rule applies` : `${op.key} needs mfa: true (${rules[0].name}: ${rules[0].reason})`));
    expect(wrong).toEqual([]);
  });

  it('accepts API keys on every user operation except the people-only ones', () => {
    const wrong = ops
      .map((op) => ({ op, rules: matchingRules(PEOPLE_ONLY_RULES, subject(op)) }))
      .filter(({ op, rules }) => op.meta.auth.includes('apiKey') !== (rules.length === 0))
      .map(({ op, rules }) =>
        rules.length ? `${op.key} must not accept API keys (${rules[0].name}: ${rules[0].reason})` : `${op.key} must accept API keys: auth: ['user', 'apiKey']`,
      );
    expect(wrong).toEqual([]);
  });

  it('lists the tenancy-mutating writes the spec and the product name', () => {
    const tenancy = ops.filter((op) => MFA_RULES[0].applies(subject(op))).map((op) => op.key);
    expect(tenancy).toEqual(
      expect.arrayContaining([
        'POST /orgs/organizations',
        'PATCH /orgs/organizations/{id}',
        'DELETE /orgs/organizations/{id}',
        'POST /orgs/sites',
        'PATCH /orgs/sites/{id}',
        'DELETE /orgs/sites/{id}',
        'PATCH /orgs/partners/me',
        'POST /enrollment-keys',
        'POST /enrollment-keys/{id}/rotate',
        'POST /devices/provision',
        'DELETE /devices/{id}',
        'POST /devices/{id}/move-org',
      ]),
    );
    expect(tenancy).not.toContain('PATCH /orgs/partners/me/portal-branding');
  });
});

describe('the rules as a client meets them', () => {
  it('an API key pages devices, and meets a clear refusal on a people-only write', async () => {
    const partner = await makePartner();
    const admin = await makePartnerUser(partner);
    const org = await makeOrg(partner.id);
    const key = await makeApiKey(admin, ['devices:read', 'orgs:read', 'orgs:write', 'tickets:read', 'webhooks:read']);
    for (const path of ['/devices', '/groups', '/enrollment-keys', '/tags', '/tickets', `/webhooks?orgId=${org.id}`]) {
      const res = await api.get(path, withKey(key.key));
      expect(res.status, path).toBe(200);
    }
    const create = await api.post('/orgs/organizations', { ...withKey(key.key), body: { name: 'Made by a key' } });
    expect(create.status).toBe(401);
    expect(create.body.error.code).toBe('API_KEY_NOT_ACCEPTED');
    expect(await api.patch(`/orgs/organizations/${org.id}`, { ...withKey(key.key), body: { name: 'Renamed by a key' } })).toMatchObject({ status: 401 });
  });

  it('a tenancy-mutating write needs an MFA-satisfied session', async () => {
    const partner = await makePartner();
    const admin = await makePartnerUser(partner);
    const bare = await tokenFor(admin);
    const refused = await api.post('/orgs/organizations', { token: bare, body: { name: 'No MFA yet' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('MFA_REQUIRED');
    const withMfa = await tokenFor(admin, { mfa: true });
    const created = await api.post('/orgs/organizations', { token: withMfa, body: { name: 'After MFA' } });
    expect(created.status).toBe(201);
    const site = await api.post('/orgs/sites', { token: bare, body: { orgId: created.body.id, name: 'HQ' } });
    expect(site.status).toBe(403);
    expect(site.body.error.code).toBe('MFA_REQUIRED');
  });
});
