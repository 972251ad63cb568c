// POST /orgs/import: re-derives every row's annotation against fresh state (inside the
// transaction, with the partner row locked) and applies the rows whose acknowledgements still
// hold; the others are reported in `errors`. The whole commit is one transaction: a crash
// halfway leaves nothing behind, so re-running the same request is always safe.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { importPartnerId } from '@/lib/imports/import-partner-id';
import { loadOrgImportState } from '@/lib/imports/load-org-import-state';
import { planOrgImport } from '@/lib/imports/plan-org-import';
import { decideOrgCommit } from '@/lib/imports/decide-org-commit';
import { applyOrgImportActions } from '@/lib/imports/apply-org-import-actions';
import { withSavepoint } from '@/lib/imports/savepoint';
import { IMPORT_TRANSACTION } from '@/lib/imports/import-transaction';
import type { TOrgImportResult, ZOrgImportBody } from '@/lib/imports/schemas';

export async function commitOrgImport(ctx: ActorContext, body: z.output<typeof ZOrgImportBody>): Promise<TOrgImportResult> {
  const partnerId = importPartnerId(ctx, body.partnerId, { fullAccess: true });
  const { rows, mode } = body;
  return db.$transaction(async (tx) => {
    const state = await loadOrgImportState(tx, partnerId, rows, { lock: true });
    const plan = planOrgImport(rows, state);
    const { actions, errors } = decideOrgCommit(rows, plan, state);
    const result: TOrgImportResult = { imported: [], updated: [], skipped: [], errors };

    const collect = (part: Omit<TOrgImportResult, 'errors'>) => {
      result.imported.push(...part.imported);
      result.updated.push(...part.updated);
      result.skipped.push(...part.skipped);
    };
    const all = await withSavepoint(tx, () => applyOrgImportActions(tx, ctx, partnerId, rows, actions, mode));
    if (all.ok) collect(all.value);
    else {
      // Something in the batch failed to write: redo it group by group so only the failing
      // groups' rows are reported as write-failed.
      logger.warn({ err: all.error, partnerId }, 'org import batch write failed; retrying per organization');
      for (const action of actions) {
        const one = await withSavepoint(tx, () => applyOrgImportActions(tx, ctx, partnerId, rows, [action], mode));
        if (one.ok) collect(one.value);
        else for (const index of action.rows) result.errors.push({ index, organization: rows[index].organization, code: 'write-failed', message: 'The database refused this organization’s writes' });
      }
    }
    for (const list of [result.imported, result.updated, result.skipped, result.errors]) list.sort((a, b) => a.index - b.index);
    await writeAudit(ctx, {
      action: 'organization.import',
      targetType: 'partner',
      targetId: partnerId,
      partnerId,
      orgId: null,
      details: { mode, rows: rows.length, imported: result.imported.length, updated: result.updated.length, skipped: result.skipped.length, errors: result.errors.length },
    }, tx);
    return result;
  }, IMPORT_TRANSACTION);
}
