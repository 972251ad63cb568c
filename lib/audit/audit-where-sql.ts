// The audit reads' one predicate over `audit_logs l`: the caller's scope, then the filters.
// Partner-level entries (no organization) also record actions on organizations' records (a
// partner admin's write carries no organization of its own), so only callers who see every
// organization of the partner see them: tenantWhere gives exactly that.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { TAuditFilters } from '@/lib/audit/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The text search reads; the same expression as the trigram index audit_logs_search_trgm_idx
 * (the planner uses the index only for this exact expression).
 */
export const SEARCH_TEXT_SQL = Prisma.raw(
  `lower(l.action || ' ' || coalesce(l.actor_email, '') || ' ' || coalesce(l.target_type, '') || ' ' || coalesce(l.target_id, '') || ' ' || l.details::text)`,
);

export function auditScopeSql(ctx: ScopedContext): Prisma.Sql {
  const t = tenantWhere(ctx);
  const parts: Prisma.Sql[] = [];
  if (t.partnerId) parts.push(Prisma.sql`l.partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`l.org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`l.org_id = any(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  return parts.length ? Prisma.join(parts, ' and ') : Prisma.sql`true`;
}

/** `text` for a LIKE pattern, its own wildcards taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** The words of a search: every one must appear (at most 10 are used). */
export function searchWords(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 10);
}

function actionSql(action: string): Prisma.Sql {
  if (action.endsWith('*')) return Prisma.sql`l.action like ${`${escapeLike(action.slice(0, -1))}%`}`;
  if (action.endsWith('.')) return Prisma.sql`l.action like ${`${escapeLike(action)}%`}`;
  return Prisma.sql`l.action = ${action}`;
}

export function auditWhereSql(ctx: ScopedContext, f: TAuditFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [auditScopeSql(ctx)];
  if (f.actor) parts.push(UUID.test(f.actor) ? Prisma.sql`l.actor_id = ${f.actor}::uuid` : Prisma.sql`lower(l.actor_email) = ${f.actor.toLowerCase()}`);
  if (f.actorId) parts.push(Prisma.sql`l.actor_id = ${f.actorId}::uuid`);
  if (f.actorEmail) parts.push(Prisma.sql`lower(l.actor_email) = ${f.actorEmail.toLowerCase()}`);
  if (f.actorType) parts.push(Prisma.sql`l.actor_type = ${f.actorType}`);
  if (f.action) parts.push(actionSql(f.action));
  if (f.actionPrefix) parts.push(Prisma.sql`l.action like ${`${escapeLike(f.actionPrefix)}%`}`);
  if (f.targetType) parts.push(Prisma.sql`l.target_type = ${f.targetType}`);
  if (f.targetId) parts.push(Prisma.sql`l.target_id = ${f.targetId}`);
  if (f.orgId) parts.push(Prisma.sql`l.org_id = ${f.orgId}::uuid`);
  if (f.partnerId) parts.push(Prisma.sql`l.partner_id = ${f.partnerId}::uuid`);
  if (f.result) parts.push(Prisma.sql`l.result = ${f.result}`);
  if (f.from) parts.push(Prisma.sql`l.created_at >= ${f.from}`);
  if (f.to) parts.push(Prisma.sql`l.created_at <= ${f.to}`);
  for (const word of f.q ? searchWords(f.q) : []) parts.push(Prisma.sql`${SEARCH_TEXT_SQL} like ${containsPattern(word)}`);
  return Prisma.join(parts, ' and ');
}
