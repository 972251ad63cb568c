import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import { isMutable } from './to-order-dto';

/** An order of an organization the caller reaches; anything else is 404. */
export async function getOrderOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db) {
  const order = await client.distributorOrder.findFirst({ where: { id, ...tenantWhere(ctx) }, include: { lines: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } });
  if (!order) throw notFound('Distributor order');
  return order;
}

/** Same, locked for the rest of the transaction. */
export async function lockOrderOrThrow(ctx: ActorContext, id: string, tx: DbOrTx) {
  await tx.$queryRaw`select id from distributor_orders where id = ${id}::uuid for update`;
  return getOrderOrThrow(ctx, id, tx);
}

export function assertMutable(order: { status: string }) {
  if (!isMutable(order.status)) throw new AppError('ORDER_NOT_MUTABLE', 409, `The order is ${order.status} and can no longer be changed`);
}
