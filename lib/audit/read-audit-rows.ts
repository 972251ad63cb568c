// Reading audit entries in the API's order (newest first, id breaking ties) by keyset: each
// batch starts strictly after the last (created_at, id) of the one before, so entries written
// while a client pages or an export streams cause neither duplicates nor gaps.
import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { decodeCursor, encodeCursor } from '@/lib/http/pagination';
import type { TAuditEntry } from '@/lib/audit/schemas';

export interface AuditRow {
  id: string;
  createdAt: Date;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  partnerId: string | null;
  orgId: string | null;
  ip: string | null;
  requestId: string | null;
  result: string;
  details: Record<string, unknown>;
}

export const AUDIT_COLUMNS_SQL = Prisma.raw(
  `l.id::text as "id", l.created_at as "createdAt", l.actor_type as "actorType", l.actor_id::text as "actorId", l.actor_email as "actorEmail",
   l.action, l.target_type as "targetType", l.target_id as "targetId", l.partner_id::text as "partnerId", l.org_id::text as "orgId",
   l.ip, l.request_id as "requestId", l.result, l.details`,
);

export const toAuditEntry = (r: AuditRow): TAuditEntry => ({ ...r, createdAt: r.createdAt.toISOString() });

export interface AuditPosition {
  at: Date;
  id: string;
}

const ZCursor = z.object({ at: z.string().datetime(), id: z.string().uuid() });

export const positionCursor = (p: AuditPosition) => encodeCursor({ at: p.at.toISOString(), id: p.id });

/** The position a cursor holds; an empty cursor is the first page. */
export function cursorPosition(cursor: string): AuditPosition | null {
  if (cursor === '') return null;
  const c = decodeCursor(cursor, ZCursor);
  return { at: new Date(c.at), id: c.id };
}

/** Up to `limit` entries matching `where`, after `position`. */
export async function readAuditBatch(where: Prisma.Sql, position: AuditPosition | null, limit: number): Promise<AuditRow[]> {
  const after = position ? Prisma.sql`and (l.created_at, l.id) < (${position.at}::timestamptz, ${position.id}::uuid)` : Prisma.empty;
  return db.$queryRaw<AuditRow[]>`select ${AUDIT_COLUMNS_SQL} from audit_logs l where ${where} ${after} order by l.created_at desc, l.id desc limit ${limit}`;
}

export async function readAuditPage(where: Prisma.Sql, page: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<AuditRow[]>`select ${AUDIT_COLUMNS_SQL} from audit_logs l where ${where} order by l.created_at desc, l.id desc limit ${limit} offset ${(page - 1) * limit}`,
    db.$queryRaw<{ total: number }[]>`select count(*)::int as total from audit_logs l where ${where}`,
  ]);
  return { rows, total };
}
