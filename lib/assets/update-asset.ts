import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertSiteInOrg } from '@/lib/tickets/validate-ticket-refs';
import { getAssetForUpdateOrThrow } from '@/lib/assets/get-asset-or-throw';
import { assertAssetTagFree } from '@/lib/assets/create-asset';
import { assetInclude, toAssetDto } from '@/lib/assets/to-asset-dto';
import type { ZUpdateAsset } from '@/lib/assets/schemas';

export const assetCheckedOut = () => conflict('The asset is checked out; check it in first', 'ASSET_CHECKED_OUT');

/** PATCH /assets/:id: absent fields are kept, null clears. A checked-out asset stays checkout-able until it is back. */
export async function updateAsset(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateAsset>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const asset = await db.$transaction(async (tx) => {
    const current = await getAssetForUpdateOrThrow(ctx, id, tx);
    if (input.checkoutable === false && current.checkouts.length > 0) throw assetCheckedOut();
    if (input.siteId) await assertSiteInOrg(tx, input.siteId, current.orgId, 'asset');
    if (input.assetTag !== undefined) await assertAssetTagFree(tx, current.orgId, input.assetTag, current.id);
    const updated = await tx.orgAsset.update({ where: { id }, data: input, include: assetInclude });
    await writeAudit(ctx, { action: 'asset.update', targetType: 'asset', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { fields: Object.keys(input) } }, tx);
    return updated;
  });
  return toAssetDto(asset);
}

/** DELETE /assets/:id: soft delete; refused while the asset is out (409 ASSET_CHECKED_OUT). */
export async function deleteAsset(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getAssetForUpdateOrThrow(ctx, id, tx);
    if (current.checkouts.length > 0) throw assetCheckedOut();
    await tx.orgAsset.update({ where: { id }, data: { deletedAt: new Date() } });
    await writeAudit(ctx, { action: 'asset.delete', targetType: 'asset', targetId: id, partnerId: current.partnerId, orgId: current.orgId }, tx);
  });
}
