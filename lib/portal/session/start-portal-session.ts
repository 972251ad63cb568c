// Opens a portal session: a new row (new id, new CSRF token) and the cookies naming it. Every
// sign-in and password change goes through here, so the session identifier is rotated each
// time and a cookie planted before sign-in never becomes an authenticated one.
import type { DbOrTx } from '@/lib/db';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';
import { portalSessionCookies, portalSessionTtlSeconds, sealPortalSession } from '@/lib/portal/session/portal-cookies';

export interface StartedPortalSession {
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
  cookies: string[];
}

export async function startPortalSession(
  client: DbOrTx,
  account: { contactId: string; partnerId: string; orgId: string },
  meta: { ip: string | null; userAgent: string | null },
): Promise<StartedPortalSession> {
  const csrfToken = randomToken(32);
  const expiresAt = new Date(Date.now() + portalSessionTtlSeconds() * 1000);
  const session = await client.portalSession.create({
    data: {
      contactId: account.contactId,
      partnerId: account.partnerId,
      orgId: account.orgId,
      csrfHash: sha256Hex(csrfToken),
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      expiresAt,
    },
  });
  const sealed = await sealPortalSession(session.id);
  return { sessionId: session.id, csrfToken, expiresAt, cookies: portalSessionCookies(sealed, csrfToken) };
}

/** Ends sessions of an account (all, or all but one) — sign-out everywhere, password change, revoked access. */
export async function revokePortalSessions(client: DbOrTx, contactId: string, reason: string, exceptSessionId?: string): Promise<number> {
  const result = await client.portalSession.updateMany({
    where: { contactId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  return result.count;
}
