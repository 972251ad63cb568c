import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { getAssetOrThrow } from '@/lib/assets/get-asset-or-throw';
import { toCheckoutDto } from '@/lib/assets/to-asset-dto';

export const ZCheckoutHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /assets/:id/checkouts: who had the asset and when, newest first. */
export async function listAssetCheckouts(ctx: ActorContext, assetId: string, page: PageInput) {
  const asset = await getAssetOrThrow(ctx, assetId);
  const where = { assetId: asset.id };
  const [rows, total] = await Promise.all([
    db.assetCheckout.findMany({ where, include: { contact: { select: { id: true, name: true, email: true } } }, orderBy: [{ checkedOutAt: 'desc' }, { id: 'asc' }], ...pageArgs(page) }),
    db.assetCheckout.count({ where }),
  ]);
  return pageResult(rows.map(toCheckoutDto), page, total);
}
