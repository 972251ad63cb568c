// The portal's view of assets: the organization's checkout-able assets, with who has each.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { PortalContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { assetWhere } from '@/lib/assets/get-asset-or-throw';
import { assetFilters } from '@/lib/assets/list-assets';
import { assetInclude, type AssetWithCheckout } from '@/lib/assets/to-asset-dto';
import { checkinAsset, checkoutAsset } from '@/lib/assets/checkout-asset';
import type { ZCheckoutAsset } from '@/lib/assets/schemas';
import type { ZListPortalAssetsQuery } from '@/lib/portal/assets/schemas';

export function toPortalAssetDto(a: { id: string; kind: AssetWithCheckout['kind']; name: string; assetTag: string | null; serialNumber: string | null; manufacturer: string | null; model: string | null; description: string | null; checkout: { contact: { id: string; name: string | null; email: string | null }; checkedOutAt: string; dueBackAt: string | null } | null }, ctx: Pick<PortalContext, 'contactId'>) {
  const c = a.checkout;
  return {
    id: a.id,
    kind: a.kind,
    name: a.name,
    assetTag: a.assetTag,
    serialNumber: a.serialNumber,
    manufacturer: a.manufacturer,
    model: a.model,
    description: a.description,
    available: c === null,
    checkout: c ? { mine: c.contact.id === ctx.contactId, borrowerName: c.contact.name ?? c.contact.email, checkedOutAt: c.checkedOutAt, dueBackAt: c.dueBackAt } : null,
  };
}

const fromRow = (a: AssetWithCheckout) => {
  const open = a.checkouts[0];
  return { ...a, checkout: open ? { contact: open.contact, checkedOutAt: open.checkedOutAt.toISOString(), dueBackAt: open.dueBackAt?.toISOString() ?? null } : null };
};

/** GET /portal/assets */
export async function listPortalAssets(ctx: PortalContext, query: z.output<typeof ZListPortalAssetsQuery>) {
  const where: Prisma.OrgAssetWhereInput = {
    AND: [
      assetWhere(ctx),
      { checkoutable: true },
      ...assetFilters({ kind: query.kind, search: query.search, checkedOut: query.available === undefined ? undefined : !query.available }),
      query.mine ? { checkouts: { some: { checkedInAt: null, contactId: ctx.contactId } } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.orgAsset.findMany({ where, include: assetInclude, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.orgAsset.count({ where }),
  ]);
  return pageResult(rows.map((r) => toPortalAssetDto(fromRow(r), ctx)), query, total);
}

/** POST /portal/assets/:id/checkout */
export async function checkoutPortalAsset(ctx: PortalContext, id: string, input: z.output<typeof ZCheckoutAsset>) {
  return toPortalAssetDto(await checkoutAsset(ctx, id, input), ctx);
}

/** POST /portal/assets/:id/checkin */
export async function checkinPortalAsset(ctx: PortalContext, id: string) {
  return toPortalAssetDto(await checkinAsset(ctx, id), ctx);
}
