// GET /patches/:id: one patch with its approvals and the devices in scope that have it.
import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { devicePatchWhere, patchWhere } from '@/lib/patches/patch-scope';
import { decoratePatches } from '@/lib/patches/to-patch-dto';
import { toDevicePatchDtos } from '@/lib/patches/list-device-patches';

export async function getPatchOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const patch = await client.patch.findFirst({ where: { id, ...patchWhere(ctx) } });
  if (!patch) throw notFound('Patch');
  return patch;
}

export async function getPatch(ctx: ScopedContext, id: string) {
  const patch = await getPatchOrThrow(ctx, id);
  const [dto] = await decoratePatches(ctx, [patch]);
  const rows = await db.devicePatch.findMany({ where: { ...devicePatchWhere(ctx), patchId: id }, include: { patch: true }, orderBy: [{ status: 'asc' }, { detectedAt: 'asc' }], take: 500 });
  return { ...dto, devices: await toDevicePatchDtos(ctx, rows) };
}
