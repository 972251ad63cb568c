import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { deviceWhere } from '@/lib/devices/device-scope';

/** Lookup and authorization in one query; decommissioned devices read as missing unless asked. */
export async function getDeviceOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db, opts: { includeDecommissioned?: boolean } = {}) {
  const device = await client.device.findFirst({ where: { AND: [{ id }, deviceWhere(ctx, opts)] } });
  if (!device) throw notFound('Device');
  return device;
}
