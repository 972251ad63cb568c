import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { runBulk } from '@/lib/billing/run-bulk';
import { cancelContractIn, deleteContractIn } from '@/lib/contracts/contract-status';

/** POST /contracts/bulk-cancel: draft and active contracts become cancelled with the shared reason. */
export function bulkCancelContracts(ctx: ActorContext, ids: string[], reason: string | undefined) {
  return runBulk(ids, (id) => db.$transaction((tx) => cancelContractIn(tx, ctx, id, reason)));
}

/** POST /contracts/bulk-delete: drafts only; others fail with CONTRACT_NOT_DRAFT. */
export function bulkDeleteContracts(ctx: ActorContext, ids: string[]) {
  return runBulk(ids, (id) => db.$transaction((tx) => deleteContractIn(tx, ctx, id)));
}
