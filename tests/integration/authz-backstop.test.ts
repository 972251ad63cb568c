// The route wrapper's authorization backstop: a handler that ran no scope or permission decision
// fails its request (500 in enforce mode, which the test environment sets), and every kind of
// decision lets it through. Routes defined here are called exactly like the real ones.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@/lib/http/define-route';
import { resetEnvCache } from '@/lib/env';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import { db } from '@/lib/db';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';

type Route = ReturnType<typeof defineRoute>;

let token: string;

beforeAll(async () => {
  const partner = await makePartner();
  await makeOrg(partner.id);
  token = await tokenFor(await makePartnerUser(partner));
});

afterEach(() => {
  process.env.AUTHZ_BACKSTOP = 'enforce';
  resetEnvCache();
});

async function invoke(route: Route, opts: { auth?: boolean } = {}) {
  const headers = new Headers(opts.auth === false ? {} : { authorization: `Bearer ${token}` });
  const res = await route(new Request('http://localhost:3000/api/v1/backstop-probe', { headers }), { params: Promise.resolve({}) });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

const base = { summary: 'Backstop probe', audit: false as const };

describe('authorization backstop', () => {
  it('fails a handler that made no decision with 500 INTERNAL_ERROR', async () => {
    const route = defineRoute({ ...base, auth: 'user', permission: 'none', handler: () => ({ leaked: true }) });
    const res = await invoke(route);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL_ERROR', message: expect.any(String), details: [] } });
  });

  it('passes when the wrapper checked a permission', async () => {
    const route = defineRoute({ ...base, auth: 'user', permission: 'orgs:read', handler: () => ({ ok: true }) });
    expect(await invoke(route)).toEqual({ status: 200, body: { ok: true } });
  });

  it('passes when the handler put the caller scope into its query', async () => {
    const route = defineRoute({
      ...base,
      auth: 'user',
      permission: 'none',
      handler: async ({ ctx }) => ({ orgs: await db.organization.count({ where: orgWhere(ctx) }) }),
    });
    expect(await invoke(route)).toEqual({ status: 200, body: { orgs: 1 } });
  });

  it('passes when the handler says it acts on the caller itself', async () => {
    const route = defineRoute({
      ...base,
      auth: 'user',
      permission: 'none',
      handler: ({ ctx }) => {
        decideSelf(ctx, 'the probe reads its own user id');
        return { id: ctx.userId };
      },
    });
    expect((await invoke(route)).status).toBe(200);
  });

  it('a public route declares it; an anonymous route that does not fails', async () => {
    const declared = defineRoute({ ...base, auth: 'none', permission: 'none', authorization: 'public', handler: () => ({ ok: true }) });
    const undeclared = defineRoute({ ...base, auth: 'none', permission: 'none', handler: () => ({ ok: true }) });
    expect(await invoke(declared, { auth: false })).toEqual({ status: 200, body: { ok: true } });
    expect((await invoke(undeclared, { auth: false })).status).toBe(500);
    expect(declared.meta.authorization).toBe('public');
  });

  it('refuses, at definition, a public declaration on a route for signed-in callers', () => {
    expect(() => defineRoute({ ...base, auth: ['user', 'none'], permission: 'none', authorization: 'public', handler: () => null })).toThrow(/public/);
  });

  it('a decision belongs to its own request: concurrent requests do not share it', async () => {
    const deciding = defineRoute({
      ...base,
      auth: 'user',
      permission: 'none',
      handler: async ({ ctx }) => {
        tenantWhere(ctx);
        await new Promise((resolve) => setImmediate(resolve));
        return { ok: true };
      },
    });
    const silent = defineRoute({
      ...base,
      auth: 'user',
      permission: 'none',
      handler: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return { ok: true };
      },
    });
    const [a, b, c] = await Promise.all([invoke(deciding), invoke(silent), invoke(deciding)]);
    expect([a.status, b.status, c.status]).toEqual([200, 500, 200]);
  });

  it('in log mode the answer still goes out', async () => {
    process.env.AUTHZ_BACKSTOP = 'log';
    resetEnvCache();
    const route = defineRoute({ ...base, auth: 'user', permission: 'none', handler: () => ({ answered: true }) });
    expect(await invoke(route)).toEqual({ status: 200, body: { answered: true } });
  });
});
