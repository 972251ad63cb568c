import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { auditScopeSql } from '@/lib/audit/audit-where-sql';
import { AUDIT_COLUMNS_SQL, toAuditEntry, type AuditRow } from '@/lib/audit/read-audit-rows';

/** One entry in the caller's scope; outside it answers 404 like an id that does not exist. */
export async function getAuditLogOrThrow(ctx: ScopedContext, id: string) {
  const rows = await db.$queryRaw<AuditRow[]>(
    Prisma.sql`select ${AUDIT_COLUMNS_SQL} from audit_logs l where l.id = ${id}::uuid and ${auditScopeSql(ctx)}`,
  );
  if (!rows[0]) throw notFound('Audit entry');
  return toAuditEntry(rows[0]);
}
