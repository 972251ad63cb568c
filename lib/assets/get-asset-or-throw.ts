// One query for lookup and authorization: an asset outside the caller's scope reads as missing.
import { db, type DbOrTx, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import { assetInclude, type AssetWithCheckout } from '@/lib/assets/to-asset-dto';

/** Live assets of live organizations the caller sees (portal users: their one organization). */
export function assetWhere(ctx: ScopedContext): Prisma.OrgAssetWhereInput {
  return { ...tenantWhere(ctx), deletedAt: null, organization: orgWhere(ctx) };
}

export async function getAssetOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<AssetWithCheckout> {
  const asset = await client.orgAsset.findFirst({ where: { AND: [{ id }, assetWhere(ctx)] }, include: assetInclude });
  if (!asset) throw notFound('Asset');
  return asset;
}

/** For writes: the row is locked, so checkouts, check-ins and edits of one asset apply in turn. */
export async function getAssetForUpdateOrThrow(ctx: ScopedContext, id: string, tx: Tx): Promise<AssetWithCheckout> {
  await tx.$executeRaw`select 1 from org_assets where id = ${id}::uuid for update`;
  return getAssetOrThrow(ctx, id, tx);
}
