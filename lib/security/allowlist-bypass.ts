// Platform admins are exempt from partner allowlists (doc 1). The exemption is still worth a
// trail: when a system-scope user changes something of a partner whose allowlist would have
// refused the admin's address, the audit log gets a `security.ip_allowlist_bypass` entry next
// to the change, visible to the partner in its own audit log.
import type { DbOrTx } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { evaluateAllowlist } from '@/lib/security/allowlist-match';

export async function allowlistBypassVerdict(ctx: AuthContext, partnerId: string | null, client: DbOrTx): Promise<'denied' | 'untrusted' | null> {
  if ((ctx.kind !== 'user' && ctx.kind !== 'apiKey') || ctx.scope !== 'system' || !partnerId) return null;
  const partner = await client.partner.findUnique({ where: { id: partnerId }, select: { settings: true } });
  if (!partner) return null;
  const verdict = evaluateAllowlist('partner', partner.settings, ctx.ip);
  return verdict === 'denied' || verdict === 'untrusted' ? verdict : null;
}
