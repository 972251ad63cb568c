// The partner's admin IP allowlist (doc 1, "Admin IP allowlist"): settings.security.ipAllowlist.
import { env } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { parseCidr, parseCidrList } from '@/lib/net/ip';
import { writeAudit } from '@/lib/audit/write-audit';
import type { AuthContext, Scope } from '@/lib/auth/context';
import { evaluateAllowlist } from '@/lib/security/allowlist-match';

export { allowlistOf, evaluateAllowlist, matchingEntry, type AllowlistVerdict } from '@/lib/security/allowlist-match';

/** Entries that are neither a literal IPv4/IPv6 address nor a CIDR range. */
export function invalidAllowlistEntries(entries: string[]): string[] {
  return entries.filter((e) => parseCidr(e) === null);
}

export function proxyTrustConfigured(): boolean {
  const config = env();
  return config.TRUST_PROXY_HEADERS && parseCidrList(config.TRUSTED_PROXY_CIDRS).length > 0;
}

/**
 * Enforces the allowlist at login (401) or on an authenticated request (403). Agents never come
 * through here; platform admins are exempt. Denials are audited.
 */
export async function enforceIpAllowlist(
  ctx: AuthContext,
  who: { userId: string; email: string; scope: Scope; partnerId: string | null; partnerSettings: unknown },
  phase: 'login' | 'request',
): Promise<void> {
  const verdict = evaluateAllowlist(who.scope, who.partnerSettings, ctx.ip);
  if (verdict === 'allowed' || verdict === 'disabled' || verdict === 'exempt') return;
  await writeAudit(ctx, {
    action: verdict === 'untrusted' ? 'security.ip_untrusted' : 'security.ip_denied',
    targetType: 'user',
    targetId: who.userId,
    partnerId: who.partnerId,
    orgId: null,
    result: 'denied',
    details: { phase, ip: ctx.ip },
    actor: { type: 'user', id: who.userId, email: who.email },
  }).catch(() => undefined);
  if (verdict === 'untrusted') throw new AppError('untrusted_ip', 403, 'The source address of this request cannot be trusted');
  throw new AppError('IP_NOT_ALLOWED', phase === 'login' ? 401 : 403, 'Access from this IP address is not allowed');
}
