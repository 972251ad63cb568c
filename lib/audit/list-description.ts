// The OpenAPI text the audit list routes share.
export const AUDIT_FILTERS_DOC =
  'Filters (all optional, combined with AND): `actor` (id or email), `actorId`, `actorEmail` (case-insensitive), `actorType`, `action` (exact, or a prefix ending in `.` or `*`), `actionPrefix`, `targetType`, `targetId`, `orgId`, `partnerId`, `result` (success, denied, failure), `from`/`to` (ISO 8601, inclusive; `to` before `from` is a 400).';

export const AUDIT_SCOPE_DOC =
  'Scope: platform admins see every entry; partner users who see all of their partner’s organizations see the partner’s entries, partner-level ones included; users restricted to some organizations (and organization users) see only those organizations’ entries. Filters only narrow that scope.';

export const AUDIT_PAGING_DOC =
  '**Page mode** (no `cursor`): `page`, `limit` (default 50, max 200) → `{ data, pagination: { page, limit, total } }`. **Cursor mode** (send `cursor`, empty for the first page): → `{ data, pagination: { nextCursor, limit } }`; pass `nextCursor` back until it is null. Cursor paging is keyset-based on (createdAt, id), newest first: entries written while you page cause neither duplicates nor gaps.';

export const APPEND_ONLY_DOC =
  'The audit log is append-only: no route changes or deletes an entry, and a database trigger rejects UPDATE, DELETE and TRUNCATE of audit_logs from any connection. Retention can delete only through the database function audit_logs_prune(older_than), which never removes entries younger than 90 days.';
