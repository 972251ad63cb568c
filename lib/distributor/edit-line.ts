// PATCH and DELETE /distributor/orders/:id/lines/:lineId.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZPatchLine } from './order-schemas';
import { assertMutable, lockOrderOrThrow } from './get-order-or-throw';
import { toOrderLineDto } from './to-order-dto';

const lineNotFound = () => notFound('Order line');

/** Completes commitment and provisioning values of a pending new-subscription line (quote-staged ones too). */
export async function patchLine(ctx: UserContext, orderId: string, lineId: string, input: z.output<typeof ZPatchLine>) {
  const line = await db.$transaction(async (tx) => {
    const order = await lockOrderOrThrow(ctx, orderId, tx);
    const current = order.lines.find((l) => l.id === lineId);
    if (!current) throw lineNotFound();
    assertMutable(order);
    if (current.action !== 'new_subscription' || current.submitState !== 'pending') {
      throw new AppError('LINE_NOT_EDITABLE', 409, 'Only a pending new_subscription line can be completed');
    }
    const updated = await tx.distributorOrderLine.update({
      where: { id: lineId },
      data: {
        ...(input.commitmentTermId !== undefined ? { commitmentTermId: input.commitmentTermId } : {}),
        ...(input.provisioningDetails !== undefined ? { provisioningDetails: input.provisioningDetails as Prisma.InputJsonValue } : {}),
      },
    });
    if (order.status === 'ready') await tx.distributorOrder.update({ where: { id: orderId }, data: { status: order.source === 'quote' ? 'awaiting_details' : 'draft' } });
    await writeAudit(ctx, { action: 'distributor_order.line_update', targetType: 'distributor_order', targetId: orderId, partnerId: order.partnerId, orgId: order.orgId, details: { lineId, fields: Object.keys(input) } }, tx);
    return updated;
  });
  return { data: toOrderLineDto(line) };
}

export async function deleteLine(ctx: UserContext, orderId: string, lineId: string) {
  await db.$transaction(async (tx) => {
    const order = await lockOrderOrThrow(ctx, orderId, tx);
    const current = order.lines.find((l) => l.id === lineId);
    if (!current) throw lineNotFound();
    assertMutable(order);
    if (order.source !== 'direct') throw conflict('Lines of a quote-staged order cannot be removed', 'QUOTE_ORDER_LOCKED');
    await tx.distributorOrderLine.delete({ where: { id: lineId } });
    if (order.status === 'ready') await tx.distributorOrder.update({ where: { id: orderId }, data: { status: 'draft' } });
    await writeAudit(ctx, { action: 'distributor_order.line_remove', targetType: 'distributor_order', targetId: orderId, partnerId: order.partnerId, orgId: order.orgId, details: { lineId, action: current.action } }, tx);
  });
  return { removed: true as const };
}
