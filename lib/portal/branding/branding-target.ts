// Which branding row an MSP request edits: the partner's own (partner scope) or one
// organization's (any caller who sees the organization; 404 otherwise).
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { forbidden, notFound } from '@/lib/http/errors';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';

export interface BrandingTarget {
  partnerId: string;
  orgId: string | null;
  partner: { name: string; slug: string };
}

export async function partnerBrandingTarget(ctx: ActorContext, client: DbOrTx = db): Promise<BrandingTarget> {
  if (ctx.scope !== 'partner' || !ctx.partnerId) throw forbidden('Partner-level branding belongs to a partner: sign in as a partner user');
  const partner = await client.partner.findFirst({ where: { id: ctx.partnerId, deletedAt: null }, select: { id: true, name: true, slug: true } });
  if (!partner) throw notFound('Partner');
  return { partnerId: partner.id, orgId: null, partner };
}

export async function orgBrandingTarget(ctx: ActorContext, orgId: string, client: DbOrTx = db): Promise<BrandingTarget> {
  const org = await getOrganizationOrThrow(ctx, orgId, client);
  const partner = await client.partner.findUniqueOrThrow({ where: { id: org.partnerId }, select: { name: true, slug: true } });
  return { partnerId: org.partnerId, orgId: org.id, partner };
}

/** The row of the target's level (null when none exists yet). */
export function findBrandingRow(client: DbOrTx, target: BrandingTarget) {
  return client.portalBranding.findFirst({ where: { partnerId: target.partnerId, orgId: target.orgId } });
}

/** Serialises writers of one target so its row is created at most once. */
export async function lockBrandingTarget(client: DbOrTx, target: BrandingTarget): Promise<void> {
  await client.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`portal-branding:${target.partnerId}:${target.orgId ?? 'partner'}`}, 0))`;
}
