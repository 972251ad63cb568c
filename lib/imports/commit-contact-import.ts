// POST /orgs/contacts/import: re-derives every row against fresh state inside one transaction
// (imports of one partner take turns) and applies the rows whose acknowledgements still hold.
// Always answers 200 with { imported, updated, skipped, errors }: row failures are data.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { importPartnerId } from '@/lib/imports/import-partner-id';
import { loadContactImportState } from '@/lib/imports/load-contact-import-state';
import { planContactImport } from '@/lib/imports/plan-contact-import';
import { decideContactCommit, type ContactRowError } from '@/lib/imports/decide-contact-commit';
import { applyContactImportActions } from '@/lib/imports/apply-contact-import-actions';
import { IMPORT_TRANSACTION } from '@/lib/imports/import-transaction';
import { withSavepoint } from '@/lib/imports/savepoint';
import type { TContactImportResult, ZContactImportBody } from '@/lib/imports/schemas';

/** What a refused single-row write means to the client. */
function rowWriteError(index: number, error: unknown): ContactRowError {
  if (error instanceof AppError) return { index, code: 'row-conflict', message: error.message };
  if (/contacts_identifier_check/.test(String((error as Error)?.message))) {
    return { index, code: 'no-identifier', message: 'A contact needs at least one non-blank name, email, phone or mobile' };
  }
  return { index, code: 'write-failed', message: 'The database refused this row’s write' };
}

export async function commitContactImport(ctx: ActorContext, body: z.output<typeof ZContactImportBody>): Promise<TContactImportResult> {
  const partnerId = importPartnerId(ctx, body.partnerId, { fullAccess: false });
  const { rows, mode } = body;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`contact-import:${partnerId}`}, 0))`;
    const state = await loadContactImportState(tx, ctx, partnerId, rows);
    const { actions, errors } = decideContactCommit(rows, planContactImport(rows, state), mode);
    const result: TContactImportResult = { imported: [], updated: [], skipped: [], errors };
    const collect = (part: Omit<TContactImportResult, 'errors'>) => {
      result.imported.push(...part.imported);
      result.updated.push(...part.updated);
      result.skipped.push(...part.skipped);
    };
    const all = await withSavepoint(tx, () => applyContactImportActions(tx, ctx, actions));
    if (all.ok) collect(all.value);
    else {
      // Something in the batch was refused: redo it row by row so only the failing rows fail.
      logger.warn({ err: all.error, partnerId }, 'contact import batch write failed; retrying per row');
      for (const action of actions) {
        const one = await withSavepoint(tx, () => applyContactImportActions(tx, ctx, [action]));
        if (one.ok) collect(one.value);
        else result.errors.push(rowWriteError(action.index, one.error));
      }
    }
    for (const list of [result.imported, result.updated, result.skipped, result.errors]) list.sort((a, b) => a.index - b.index);
    await writeAudit(ctx, {
      action: 'contact.import',
      targetType: 'partner',
      targetId: partnerId,
      partnerId,
      orgId: null,
      details: { mode, rows: rows.length, imported: result.imported.length, updated: result.updated.length, skipped: result.skipped.length, errors: result.errors.length },
    }, tx);
    return result;
  }, IMPORT_TRANSACTION);
}
