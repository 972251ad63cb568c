// POST /portal/auth/login: one identical 401 for an unknown address and a wrong password, with
// the same password-hashing work on both paths; throttled per client IP and per account like the
// console's sign-in (lib/auth/login-throttle.ts).
// Every sign-in opens a new session (new id, new CSRF token) and ends the one the browser held.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { verifyAgainstDummy, verifyPassword } from '@/lib/auth/passwords';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from '@/lib/auth/login-throttle';
import { writeAudit } from '@/lib/audit/write-audit';
import { accountUsable, findPortalAccounts } from '@/lib/portal/auth/find-portal-accounts';
import { resolveLoginPortal } from '@/lib/portal/auth/resolve-login-portal';
import { readPortalCookie, unsealPortalSession } from '@/lib/portal/session/portal-cookies';
import { startPortalSession } from '@/lib/portal/session/start-portal-session';
import { assertSameOrigin } from '@/lib/portal/session/request-host';
import { displayNameOf } from '@/lib/portal/session/display-name';
import type { ZPortalLogin } from '@/lib/portal/auth/schemas';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');

export async function loginPortal(ctx: AuthContext, input: z.output<typeof ZPortalLogin>, req: Request) {
  assertSameOrigin(req);
  const attempt = { kind: 'portal-login', email: input.email, ip: ctx.ip } as const;
  await assertLoginAllowed(attempt, 'Too many sign-in attempts; try again later');

  const portal = await resolveLoginPortal(req, input.site);
  const candidates = (await findPortalAccounts(input.email, portal)).filter(accountUsable);
  // Without a named portal the address must be unambiguous; with two portals it is not.
  const account = candidates.length === 1 ? candidates[0] : null;
  const passwordOk = account?.passwordHash ? await verifyPassword(account.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!account || !passwordOk || account.status !== 'active') {
    await recordLoginFailure(attempt);
    if (account) {
      await writeAudit(ctx, { action: 'portal.login_failed', targetType: 'contact', targetId: account.contactId, result: 'failure', partnerId: account.partnerId, orgId: account.orgId, actor: { type: 'contact', id: account.contactId, email: account.email } });
    }
    throw invalidCredentials();
  }
  assertPartnerActive(account.contact.organization.partner.status);

  const previous = await unsealPortalSession(readPortalCookie(req));
  const started = await db.$transaction(async (tx) => {
    if (previous) await tx.portalSession.updateMany({ where: { id: previous, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'rotated' } });
    const session = await startPortalSession(tx, account, { ip: ctx.ip, userAgent: req.headers.get('user-agent') });
    await tx.portalAccount.update({ where: { contactId: account.contactId }, data: { lastLoginAt: new Date() } });
    await recordLoginSuccess(attempt, tx);
    await writeAudit(ctx, { action: 'portal.login', targetType: 'contact', targetId: account.contactId, partnerId: account.partnerId, orgId: account.orgId, actor: { type: 'contact', id: account.contactId, email: account.email } }, tx);
    return session;
  });
  return {
    cookies: started.cookies,
    body: {
      user: { id: account.contactId, name: displayNameOf({ name: account.contact.name, email: account.email }), email: account.email, organization: { id: account.contact.organization.id, name: account.contact.organization.name } },
      csrfToken: started.csrfToken,
      expiresAt: started.expiresAt.toISOString(),
    },
  };
}
