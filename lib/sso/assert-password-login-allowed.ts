// "Enforce SSO": a provider with it on refuses password sign-in for the users it covers (a
// partner-wide provider: the partner's staff; an organization's provider: that organization's
// users). Checked after the password is verified, so the refusal tells a stranger nothing.
// Platform admins are never covered: they can always sign in to turn a broken provider off.
// Nor is anyone of a partner an operator has not allowed SSO (`ssoConfig.allowed` false).
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import type { Principal } from '@/lib/auth/load-principal';
import { ssoAllowed } from '@/lib/partners/sso-config';

export async function assertPasswordLoginAllowed(principal: Principal): Promise<void> {
  if (principal.scope === 'system' || !principal.partnerId) return;
  const where = principal.scope === 'partner' ? { partnerId: principal.partnerId, orgId: null } : { partnerId: principal.partnerId, orgId: principal.orgId };
  const enforcing = await db.ssoProvider.findFirst({
    where: { ...where, enabled: true, enforceSso: true },
    select: { id: true, orgId: true, partnerId: true, partner: { select: { ssoConfig: true } } },
  });
  if (enforcing && ssoAllowed(enforcing.partner.ssoConfig)) {
    throw new AppError('SSO_REQUIRED', 403, 'Your organization requires single sign-on: use "Sign in with SSO"', { tenantId: enforcing.orgId ?? enforcing.partnerId });
  }
}
