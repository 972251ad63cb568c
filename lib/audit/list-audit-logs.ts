// GET /audit-logs, /audit-logs/logs and /audit-logs/search: page mode (page, limit, total) or
// cursor mode (keyset on created_at and id) over the entries in the caller's scope.
import type { ScopedContext } from '@/lib/auth/context';
import { cursorResult, pageResult } from '@/lib/http/pagination';
import { auditWhereSql } from '@/lib/audit/audit-where-sql';
import { cursorPosition, positionCursor, readAuditBatch, readAuditPage, toAuditEntry } from '@/lib/audit/read-audit-rows';
import type { TAuditFilters } from '@/lib/audit/schemas';

export async function listAuditLogs(ctx: ScopedContext, q: TAuditFilters & { page: number; limit: number; cursor?: string }) {
  const where = auditWhereSql(ctx, q);
  if (q.cursor === undefined) {
    const { rows, total } = await readAuditPage(where, q.page, q.limit);
    return pageResult(rows.map(toAuditEntry), q, total);
  }
  const rows = await readAuditBatch(where, cursorPosition(q.cursor), q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return cursorResult(page.map(toAuditEntry), q.limit, rows.length > q.limit && last ? positionCursor({ at: last.createdAt, id: last.id }) : null);
}
