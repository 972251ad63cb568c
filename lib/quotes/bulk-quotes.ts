import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { runBulk } from '@/lib/billing/run-bulk';
import { deleteQuoteIn, sendQuoteIn } from '@/lib/quotes/quote-status';

export function bulkSendQuotes(ctx: ActorContext, ids: string[]) {
  return runBulk(ids, (id) => db.$transaction((tx) => sendQuoteIn(tx, ctx, id)));
}

export function bulkDeleteQuotes(ctx: ActorContext, ids: string[]) {
  return runBulk(ids, (id) => db.$transaction((tx) => deleteQuoteIn(tx, ctx, id)));
}
