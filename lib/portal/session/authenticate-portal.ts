// The `portal` credential class: the sealed session cookie. State-changing requests must also
// come from the portal's own origin and echo the session's CSRF token (double submit).
import type { PortalContext } from '@/lib/auth/context';
import { AppError, forbidden, unauthorized, unavailable } from '@/lib/http/errors';
import { safeEqual, sha256Hex } from '@/lib/auth/secrets';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { CSRF_HEADER, readPortalCookie } from '@/lib/portal/session/portal-cookies';
import { displayNameOf } from '@/lib/portal/session/display-name';
import { loadPortalSession } from '@/lib/portal/session/load-portal-session';
import { assertSameOrigin } from '@/lib/portal/session/request-host';
import { PORTAL_PERMISSIONS } from '@/lib/portal/session/portal-permissions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function authenticatePortal(req: Request, base: { requestId: string; ip: string | null }): Promise<PortalContext> {
  const sealed = readPortalCookie(req);
  if (!sealed) throw unauthorized('Sign in to the portal first');
  const loaded = await loadPortalSession(sealed).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw unavailable('Could not verify the portal session; try again shortly');
  });
  if (!loaded) throw unauthorized('Your portal session has ended; sign in again', 'PORTAL_SESSION_INVALID');
  assertPartnerActive(loaded.partner.status);
  if (!SAFE_METHODS.has(req.method)) {
    assertSameOrigin(req);
    const presented = req.headers.get(CSRF_HEADER);
    if (!presented || !safeEqual(sha256Hex(presented), loaded.csrfHash)) {
      throw forbidden(`Missing or wrong ${CSRF_HEADER} header: send the value of the rmm_portal_csrf cookie`, 'CSRF_TOKEN_INVALID');
    }
  }
  return {
    kind: 'portal',
    ...base,
    contactId: loaded.contact.id,
    portalSessionId: loaded.sessionId,
    email: loaded.contact.email,
    name: displayNameOf(loaded.contact),
    scope: 'organization',
    partnerId: loaded.partner.id,
    orgId: loaded.organization.id,
    orgAccess: 'selected',
    orgIds: [loaded.organization.id],
    permissions: PORTAL_PERMISSIONS,
  };
}
