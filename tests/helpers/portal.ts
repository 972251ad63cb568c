// Portal fixtures: contacts with portal accounts, and a cookie jar that signs in through the real
// login route and sends the session cookie, the CSRF header and a same-origin Origin.
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/db';
import { hashPassword } from '@/lib/auth/passwords';
import { api, type Json, type RequestOptions, type TestResponse } from './http';

export const PORTAL_PASSWORD = 'Portal-Password-42!';
export const ORIGIN = 'http://localhost:3000';

const uniq = () => randomBytes(4).toString('hex');

export async function makeContact(org: { id: string; partnerId: string }, data: { name?: string | null; email?: string | null; phone?: string | null; roles?: ('portal' | 'billing' | 'technical')[]; siteId?: string | null } = {}) {
  return db.contact.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      name: data.name === undefined ? `Contact ${uniq()}` : data.name,
      email: data.email === undefined ? `contact-${uniq()}@customer.test` : data.email,
      phone: data.phone ?? null,
      roles: data.roles ?? [],
      siteId: data.siteId ?? null,
    },
  });
}

/** A contact of `org` with an active portal account. */
export async function makePortalUser(org: { id: string; partnerId: string }, opts: { name?: string; email?: string; password?: string; siteId?: string } = {}) {
  const contact = await makeContact(org, { name: opts.name, email: opts.email, roles: ['portal'], siteId: opts.siteId });
  await db.portalAccount.create({
    data: { contactId: contact.id, partnerId: org.partnerId, orgId: org.id, email: contact.email!, status: 'active', passwordHash: await hashPassword(opts.password ?? PORTAL_PASSWORD), activatedAt: new Date() },
  });
  return contact;
}

/** Cookies from Set-Cookie headers: name → value (empty when cleared). */
export function setCookies(res: TestResponse): Record<string, { value: string; raw: string }> {
  const out: Record<string, { value: string; raw: string }> = {};
  for (const raw of res.headers.getSetCookie()) {
    const [pair] = raw.split(';');
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq)] = { value: pair.slice(eq + 1), raw };
  }
  return out;
}

export interface PortalBrowser {
  cookie: string;
  csrf: string;
  get: <T = Json>(path: string, opts?: RequestOptions) => Promise<TestResponse<T>>;
  post: <T = Json>(path: string, opts?: RequestOptions) => Promise<TestResponse<T>>;
  patch: <T = Json>(path: string, opts?: RequestOptions) => Promise<TestResponse<T>>;
}

/** Wraps an existing session: every request carries the cookie, writes add X-CSRF-Token and Origin. */
export function portalBrowser(cookie: string, csrf: string): PortalBrowser {
  const withSession = (opts: RequestOptions = {}, write = false): RequestOptions => ({
    ...opts,
    headers: { cookie, ...(write ? { 'x-csrf-token': csrf, origin: ORIGIN } : {}), ...opts.headers },
  });
  return {
    cookie,
    csrf,
    get: (path, opts) => api.get(path, withSession(opts)),
    post: (path, opts) => api.post(path, withSession(opts, true)),
    patch: (path, opts) => api.patch(path, withSession(opts, true)),
  };
}

/** A client address of its own, so per-IP sign-in limits of one test do not touch another. */
export const randomIp = () => `10.${200 + (randomBytes(1)[0] % 50)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

/** POST /portal/auth/login from a fresh client address. */
export function loginRequest(body: Record<string, unknown>, opts: RequestOptions = {}) {
  return api.post('/portal/auth/login', { ip: randomIp(), ...opts, body });
}

/** Signs in through POST /portal/auth/login. */
export async function portalLogin(email: string, password = PORTAL_PASSWORD, extra: { site?: string; headers?: Record<string, string> } = {}): Promise<PortalBrowser> {
  const res = await loginRequest({ email, password, ...(extra.site ? { site: extra.site } : {}) }, { headers: { origin: ORIGIN, ...extra.headers } });
  if (res.status !== 200) throw new Error(`portal login failed: ${res.status} ${res.text}`);
  const cookies = setCookies(res);
  return portalBrowser(`rmm_portal=${cookies.rmm_portal.value}; rmm_portal_csrf=${cookies.rmm_portal_csrf.value}`, res.body.csrfToken);
}
