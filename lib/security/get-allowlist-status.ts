// GET /orgs/partners/me/ip-allowlist/status: what the allowlist check sees for this request, and
// optionally whether a candidate list would still admit the caller, so an admin can avoid
// locking themselves out before saving.
import { z } from 'zod';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { resolveClientAddress } from '@/lib/http/client-ip';
import type { ActorContext } from '@/lib/auth/context';
import { allowlistOf, matchingEntry } from '@/lib/security/allowlist-match';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { invalidAllowlistEntries, proxyTrustConfigured } from '@/lib/security/ip-allowlist';
import type { ZAllowlistStatus, ZAllowlistStatusQuery } from '@/lib/security/schemas';

function verdict(ip: string | null, entries: string[]) {
  const matched = matchingEntry(ip, entries);
  return { entries, invalidEntries: invalidAllowlistEntries(entries), allowed: entries.length === 0 || matched !== null, matchedEntry: matched };
}

export function splitEntries(raw: string): string[] {
  return raw.split(/[\s,]+/).map((e) => e.trim()).filter(Boolean);
}

export async function getAllowlistStatus(
  ctx: ActorContext,
  headers: Headers,
  query: z.output<typeof ZAllowlistStatusQuery>,
): Promise<z.output<typeof ZAllowlistStatus>> {
  const partner = await db.partner.findFirst({ where: { id: ownPartnerWhere(ctx).partnerId, deletedAt: null }, select: { settings: true } });
  if (!partner) throw notFound('Partner');
  const address = resolveClientAddress(headers);
  const entries = allowlistOf(partner.settings);
  return {
    ip: address.ip,
    peer: address.peer,
    viaProxy: address.viaProxy,
    proxyTrustConfigured: proxyTrustConfigured(),
    enabled: entries.length > 0,
    current: verdict(address.ip, entries),
    proposed: query.proposed !== undefined ? verdict(address.ip, splitEntries(query.proposed)) : null,
  };
}
