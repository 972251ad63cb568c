// Bulk endpoints: each id on its own (its own transaction), so one bad id never undoes the
// others; every id gets a result with the error a single call would have answered.
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';

export type BulkOutcome = 'updated' | 'skipped';
type Result = { id: string; result: 'updated' | 'skipped' | 'failed'; error?: { code: string; message: string } };

export async function runBulk(ids: string[], apply: (id: string) => Promise<BulkOutcome>) {
  const results: Result[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      results.push({ id, result: await apply(id) });
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error, id }, 'bulk billing action failed');
      const e = error instanceof AppError ? error : new AppError('INTERNAL_ERROR', 500, 'Unexpected error');
      results.push({ id, result: 'failed', error: { code: e.code, message: e.message } });
    }
  }
  const count = (r: Result['result']) => results.filter((o) => o.result === r).length;
  return { updated: count('updated'), skipped: count('skipped'), failed: count('failed'), results };
}
