// Worker side of forgot-password: mails every usable account with the address (in the named
// portal, or in any when none was named) a short-lived single-use reset link, at most a few per
// account per hour so a flood of requests never becomes a flood of mail.
import { z } from 'zod';
import { db } from '@/lib/db';
import { writeAudit } from '@/lib/audit/write-audit';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { accountUsable, findPortalAccounts } from '@/lib/portal/auth/find-portal-accounts';
import { issuePortalToken, RESET_TOKEN_TTL_MINUTES } from '@/lib/portal/auth/portal-tokens';
import { sendPortalReset } from '@/lib/portal/auth/portal-emails';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { portalLink } from '@/lib/portal/portal-links';

const EMAILS_PER_ACCOUNT_PER_HOUR = 3;

export const ZPasswordResetRequest = z.object({
  email: z.string().email(),
  portal: z.object({ partnerId: z.string().uuid(), orgId: z.string().uuid().nullable() }).nullable(),
  ip: z.string().nullable(),
  requestId: z.string(),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export async function sendPortalPasswordResets(request: TPasswordResetRequest): Promise<number> {
  const ctx = { kind: 'anonymous' as const, requestId: request.requestId, ip: request.ip };
  let sent = 0;
  for (const account of (await findPortalAccounts(request.email, request.portal)).filter(accountUsable)) {
    const budget = await consumeRateLimit(`portal-forgot:account:${account.contactId}`, EMAILS_PER_ACCOUNT_PER_HOUR, 3600);
    if (!budget.allowed) continue;
    const resolved = await brandingForOrganization(account.orgId);
    if (!resolved) continue;
    await db.$transaction(async (tx) => {
      const { token } = await issuePortalToken(tx, account.contactId, 'reset', RESET_TOKEN_TTL_MINUTES * 60_000);
      await sendPortalReset(tx, { to: account.email, name: account.contact.name, branding: resolved.branding, link: portalLink(resolved.branding, 'reset-password', token), ttlMinutes: RESET_TOKEN_TTL_MINUTES });
      await writeAudit(ctx, { action: 'portal.password_reset_requested', targetType: 'contact', targetId: account.contactId, partnerId: account.partnerId, orgId: account.orgId, actor: { type: 'contact', id: account.contactId, email: account.email } }, tx);
    });
    sent++;
  }
  return sent;
}
