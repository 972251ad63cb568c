import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

export async function getSnmpDeviceOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const device = await client.snmpDevice.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!device) throw notFound('SNMP device');
  return device;
}
