// POST /patches/bulk-approve: one decision over many patches. Each patch is decided in its own
// transaction, so one refused (not found, a declined patch deferred) does not undo the others.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import type { Decision } from '@/lib/patches/approval-transitions';
import { decideInTx } from '@/lib/patches/decide-patch';
import type { ZBulkApproveBody, ZBulkDecisionResult } from '@/lib/patches/schemas';

export async function bulkDecidePatches(ctx: ActorContext, body: z.output<typeof ZBulkApproveBody>) {
  const decision: Decision = body.action === 'defer' ? { action: 'defer', until: body.until! } : { action: body.action };
  const out: z.infer<typeof ZBulkDecisionResult> = { results: [], failed: [] };
  for (const patchId of [...new Set(body.patchIds)]) {
    try {
      out.results.push(await db.$transaction((tx) => decideInTx(tx, ctx, patchId, decision, { orgIds: body.orgIds, note: body.note })));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.failed.push({ patchId, code: error.code, message: error.message });
    }
  }
  return out;
}
