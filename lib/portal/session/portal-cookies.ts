// The portal's two cookies. `rmm_portal` is an iron-session seal of the server-side session id
// (HttpOnly, so scripts never see it); `rmm_portal_csrf` is the session's CSRF token, readable
// by the portal's own scripts, which echo it in the X-CSRF-Token header of every state-changing
// request (double submit, checked against the session row). Both are host-only, SameSite=Lax,
// and Secure when the service runs on https (APP_BASE_URL).
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { env } from '@/lib/env';
import { publicBaseUrl } from '@/lib/public-url';
import { readCookie } from '@/lib/auth/refresh-cookie';

export const PORTAL_COOKIE = 'rmm_portal';
export const PORTAL_CSRF_COOKIE = 'rmm_portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const ZSealed = z.object({ sid: z.string().uuid() });

export function portalSessionTtlSeconds(): number {
  return env().PORTAL_SESSION_TTL_HOURS * 3600;
}

export function sealPortalSession(sessionId: string): Promise<string> {
  return sealData({ sid: sessionId }, { password: env().PORTAL_SESSION_SECRET, ttl: portalSessionTtlSeconds() });
}

/** The session id in a sealed cookie value, or null for anything forged, expired or malformed. */
export async function unsealPortalSession(sealed: string | null | undefined): Promise<string | null> {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const parsed = ZSealed.safeParse(await unsealData(sealed, { password: env().PORTAL_SESSION_SECRET, ttl: portalSessionTtlSeconds() }));
    return parsed.success ? parsed.data.sid : null;
  } catch {
    return null;
  }
}

export function readPortalCookie(req: Request): string | null {
  return readCookie(req, PORTAL_COOKIE);
}

function attributes(maxAgeSeconds: number): string {
  const secure = publicBaseUrl().startsWith('https://') ? '; Secure' : '';
  return `Path=/; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Set-Cookie values that open a session in the browser. */
export function portalSessionCookies(sealed: string, csrfToken: string): string[] {
  const maxAge = portalSessionTtlSeconds();
  return [`${PORTAL_COOKIE}=${sealed}; HttpOnly; ${attributes(maxAge)}`, `${PORTAL_CSRF_COOKIE}=${csrfToken}; ${attributes(maxAge)}`];
}

export function clearPortalCookies(): string[] {
  return [`${PORTAL_COOKIE}=; HttpOnly; ${attributes(0)}`, `${PORTAL_CSRF_COOKIE}=; ${attributes(0)}`];
}

/** A JSON answer that also sets cookies (one Set-Cookie header each). */
export function jsonWithCookies(body: unknown, status: number, cookies: string[]): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (body !== undefined) headers.set('content-type', 'application/json; charset=utf-8');
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
}
