// Checkout and check-in. The asset row is locked for the move, and a partial unique index
// allows one open checkout per asset, so of two concurrent checkouts exactly one succeeds and
// the other gets 409.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext, PortalContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getAssetForUpdateOrThrow } from '@/lib/assets/get-asset-or-throw';
import { assetInclude, toAssetDto } from '@/lib/assets/to-asset-dto';
import type { ZCheckoutAsset } from '@/lib/assets/schemas';

const notCheckoutable = () => conflict('This asset cannot be checked out', 'ASSET_NOT_CHECKOUTABLE');
const notCheckedOut = () => conflict('This asset is not checked out', 'ASSET_NOT_CHECKED_OUT');

/** POST /portal/assets/:id/checkout: the portal user borrows a checkout-able asset of their organization. */
export async function checkoutAsset(ctx: PortalContext, assetId: string, input: z.output<typeof ZCheckoutAsset>) {
  const asset = await db.$transaction(async (tx) => {
    const current = await getAssetForUpdateOrThrow(ctx, assetId, tx);
    if (!current.checkoutable) throw notCheckoutable();
    const open = current.checkouts[0];
    if (open) {
      throw conflict(open.contactId === ctx.contactId ? 'You already have this asset' : 'This asset is already checked out', 'ASSET_CHECKED_OUT', {
        checkedOutAt: open.checkedOutAt.toISOString(),
        mine: open.contactId === ctx.contactId,
      });
    }
    const checkout = await tx.assetCheckout.create({
      data: { partnerId: current.partnerId, orgId: current.orgId, assetId: current.id, contactId: ctx.contactId, dueBackAt: input.dueBackAt ?? null, note: input.note || null },
    });
    await writeAudit(ctx, { action: 'asset.checkout', targetType: 'asset', targetId: current.id, partnerId: current.partnerId, orgId: current.orgId, details: { checkoutId: checkout.id, dueBackAt: input.dueBackAt?.toISOString() ?? null } }, tx);
    return tx.orgAsset.findUniqueOrThrow({ where: { id: current.id }, include: assetInclude });
  });
  return toAssetDto(asset);
}

/**
 * Check-in. A portal user returns what they borrowed (someone else's checkout: 409
 * ASSET_CHECKED_OUT_BY_OTHER); the service desk (`by` a user) checks in whoever has it.
 */
export async function checkinAsset(ctx: PortalContext | ActorContext, assetId: string) {
  const asset = await db.$transaction(async (tx) => {
    const current = await getAssetForUpdateOrThrow(ctx, assetId, tx);
    const open = current.checkouts[0];
    if (!open) throw notCheckedOut();
    const by = ctx.kind === 'portal' ? { type: 'contact', id: ctx.contactId } : { type: 'user', id: ctx.userId };
    if (ctx.kind === 'portal' && open.contactId !== ctx.contactId) throw conflict('Someone else has this asset checked out', 'ASSET_CHECKED_OUT_BY_OTHER');
    await tx.assetCheckout.update({ where: { id: open.id }, data: { checkedInAt: new Date(), checkedInByType: by.type, checkedInById: by.id } });
    await writeAudit(ctx, { action: 'asset.checkin', targetType: 'asset', targetId: current.id, partnerId: current.partnerId, orgId: current.orgId, details: { checkoutId: open.id, borrowerContactId: open.contactId } }, tx);
    return tx.orgAsset.findUniqueOrThrow({ where: { id: current.id }, include: assetInclude });
  });
  return toAssetDto(asset);
}
