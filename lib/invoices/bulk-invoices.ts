import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { runBulk } from '@/lib/billing/run-bulk';
import { deleteInvoiceIn, issueInvoiceIn, ISSUE_TX, voidInvoiceIn } from '@/lib/invoices/invoice-status';

export function bulkIssueInvoices(ctx: ActorContext, ids: string[]) {
  return runBulk(ids, (id) => db.$transaction((tx) => issueInvoiceIn(tx, ctx, id), ISSUE_TX));
}

export function bulkVoidInvoices(ctx: ActorContext, ids: string[], reason: string) {
  return runBulk(ids, (id) => db.$transaction((tx) => voidInvoiceIn(tx, ctx, id, reason, true)));
}

export function bulkDeleteInvoices(ctx: ActorContext, ids: string[]) {
  return runBulk(ids, (id) => db.$transaction((tx) => deleteInvoiceIn(tx, ctx, id)));
}
