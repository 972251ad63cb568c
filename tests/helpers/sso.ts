// Drives the browser's part of an SSO sign-in without a browser: follows the redirects from the
// service's login route through the identity provider (keeping its cookies) back to the
// service's callback, then calls the callback and the exchange in-process.
import { expect } from 'vitest';
import { api, type TestResponse } from './http';

const CALLBACK = 'http://localhost:3000/api/v1/sso/callback';

/** Follows the provider's redirects from an authorization URL to the redirect URI. */
export async function followToCallback(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(CALLBACK)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1)];
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The identity provider stopped at HTTP ${res.status}: ${(await res.text()).slice(0, 500)}`);
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects');
}

export interface SsoAttempt {
  /** The callback's answer (a redirect). */
  callback: TestResponse;
  location: URL;
  /** The one-time code on success, else null. */
  code: string | null;
  /** The error code on failure, else null. */
  error: string | null;
  /** The query the provider sent back (to replay it). */
  query: string;
}

export async function callCallback(query: string): Promise<SsoAttempt> {
  const callback = await api.get(`/sso/callback${query}`);
  expect(callback.status, callback.text).toBe(302);
  const location = new URL(callback.headers.get('location')!);
  const code = location.hash.startsWith('#code=') ? location.hash.slice('#code='.length) : null;
  return { callback, location, code, error: location.searchParams.get('ssoError'), query };
}

/** Starts a sign-in at the tenant, lets the provider sign in its queued account, and calls the callback. */
export async function ssoSignIn(tenantId: string, opts: { dropIss?: boolean; returnTo?: string } = {}): Promise<SsoAttempt> {
  const start = await api.get(`/sso/login/${tenantId}`, { query: { returnTo: opts.returnTo } });
  expect(start.status, start.text).toBe(302);
  const back = await followToCallback(start.headers.get('location')!);
  // Through a tampering front the provider's own `iss` response parameter names the real
  // provider; a browser would carry it, but the front hides the provider's support for it.
  if (opts.dropIss) back.searchParams.delete('iss');
  return callCallback(back.search);
}
