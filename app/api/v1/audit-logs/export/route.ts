// GET|POST /api/v1/audit-logs/export — every matching audit entry as a CSV or JSON file, streamed.
import { defineRoute } from '@/lib/http/define-route';
import { exportAuditLogs, EXPORT_COLUMNS } from '@/lib/audit/export-audit-logs';
import { ZExportAuditLogsInput } from '@/lib/audit/schemas';
import { APPEND_ONLY_DOC, AUDIT_FILTERS_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

const description = (how: string) =>
  [
    `${how} \`format\`: \`csv\` (default) or \`json\`; \`q\` searches like \`GET /audit-logs/search\`.`,
    `Answers a file download (\`content-disposition: attachment\`), newest first, of every matching entry, however many: the file is streamed as it is read from the database, 1,000 entries at a time by keyset, so its size is not limited by memory. CSV (RFC 4180, CRLF, UTF-8): columns \`${EXPORT_COLUMNS.join(',')}\`; \`details\` is the JSON text; fields with commas, quotes or line breaks are quoted, and text a spreadsheet would run as a formula is prefixed with \`'\`. JSON: one array of AuditEntry objects.`,
    'Each export is itself recorded in the audit log (`audit.export`, with its format and filters).',
    AUDIT_FILTERS_DOC,
    AUDIT_SCOPE_DOC,
    APPEND_ONLY_DOC,
  ].join('\n\n');

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZExportAuditLogsInput,
  summary: 'Export audit log entries',
  description: description('Filters in the query string.'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => exportAuditLogs(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  body: ZExportAuditLogsInput,
  summary: 'Export audit log entries (filters in the body)',
  description: description('Filters in the JSON body (same names as the GET query), for filter sets too long for a URL. Changes nothing but the export’s own audit entry.'),
  tags: ['Audit'],
  handler: ({ ctx, body }) => exportAuditLogs(ctx, body),
});
