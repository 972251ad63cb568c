// POST /tickets/bulk: one action over up to 100 tickets. Each ticket is its own transaction, so
// one bad id never undoes the others; every id gets a result: updated, skipped (already in the
// requested state) or failed (with the error a single-ticket call would have answered).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, forbidden } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { applyTicketUpdate } from '@/lib/tickets/update-ticket';
import { softDeleteTicket } from '@/lib/tickets/delete-ticket';
import { getAnyTicketForUpdateOrThrow, getWritableTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import type { ZBulkTickets } from '@/lib/tickets/schemas';

type BulkInput = z.output<typeof ZBulkTickets>;
type Outcome = { id: string; result: 'updated' | 'skipped' | 'failed'; error?: { code: string; message: string } };

async function applyOne(ctx: ActorContext, input: BulkInput, id: string): Promise<Outcome> {
  return db.$transaction(async (tx) => {
    if (input.action === 'delete') {
      const ticket = await getAnyTicketForUpdateOrThrow(ctx, id, tx);
      if (ticket.deletedAt) return { id, result: 'skipped' } as const;
      await softDeleteTicket(tx, ctx, ticket);
      return { id, result: 'updated' } as const;
    }
    const current = await getWritableTicketOrThrow(ctx, id, tx);
    const patch = input.action === 'assign' ? { assigneeId: input.assigneeId } : { status: input.status };
    const { changed } = await applyTicketUpdate(tx, ctx, current, patch);
    return { id, result: changed.length ? 'updated' : 'skipped' } as const;
  });
}

export async function bulkUpdateTickets(ctx: ActorContext, input: BulkInput) {
  if (input.action === 'delete' && !ctx.permissions.has('tickets:manage')) throw forbidden('Bulk delete needs tickets:manage');
  const results: Outcome[] = [];
  for (const id of [...new Set(input.ids)]) {
    try {
      results.push(await applyOne(ctx, input, id));
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error, ticketId: id }, 'bulk ticket action failed');
      const e = error instanceof AppError ? error : new AppError('INTERNAL_ERROR', 500, 'Unexpected error');
      results.push({ id, result: 'failed', error: { code: e.code, message: e.message } });
    }
  }
  const count = (r: Outcome['result']) => results.filter((o) => o.result === r).length;
  return { action: input.action, updated: count('updated'), skipped: count('skipped'), failed: count('failed'), results };
}
