// GET|POST /audit-logs/export: every matching entry as CSV or JSON, streamed. The stream reads
// 1,000 entries at a time by keyset as the client consumes it (pull-based), so an export of any
// size holds one batch in memory and a slow client slows the reads instead of filling a buffer.
import type { ActorContext } from '@/lib/auth/context';
import { csvField } from '@/lib/csv';
import { writeAudit } from '@/lib/audit/write-audit';
import { auditWhereSql } from '@/lib/audit/audit-where-sql';
import { readAuditBatch, toAuditEntry, type AuditPosition } from '@/lib/audit/read-audit-rows';
import type { TAuditEntry, TExportAuditLogsInput } from '@/lib/audit/schemas';
import { logger } from '@/lib/observability/logger';

const BATCH = 1000;

export const EXPORT_COLUMNS = ['id', 'createdAt', 'actorType', 'actorId', 'actorEmail', 'action', 'targetType', 'targetId', 'partnerId', 'orgId', 'ip', 'requestId', 'result', 'details'] as const;

function csvLine(e: TAuditEntry): string {
  return EXPORT_COLUMNS.map((c) => csvField(c === 'details' ? JSON.stringify(e.details) : e[c])).join(',') + '\r\n';
}

/** The filters as they were asked, for the export's own audit entry. */
function filtersOf(input: TExportAuditLogsInput): Record<string, unknown> {
  const { format: _format, ...filters } = input;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

export async function exportAuditLogs(ctx: ActorContext, input: TExportAuditLogsInput): Promise<Response> {
  const where = auditWhereSql(ctx, input);
  // Exporting the trail is itself recorded (compliance reports count exports).
  await writeAudit(ctx, { action: 'audit.export', targetType: 'audit_log', targetId: null, details: { format: input.format, filters: filtersOf(input) } });
  const json = input.format === 'json';
  const encoder = new TextEncoder();
  let position: AuditPosition | null = null;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (done) return;
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(json ? '[' : EXPORT_COLUMNS.join(',') + '\r\n'));
        }
        try {
          const rows = await readAuditBatch(where, position, BATCH);
          const last = rows[rows.length - 1];
          if (last) {
            const text = json
              ? rows.map((r, i) => `${position || i ? ',' : ''}\n${JSON.stringify(toAuditEntry(r))}`).join('')
              : rows.map((r) => csvLine(toAuditEntry(r))).join('');
            position = { at: last.createdAt, id: last.id };
            controller.enqueue(encoder.encode(text));
          }
          if (rows.length < BATCH) {
            done = true;
            if (json) controller.enqueue(encoder.encode('\n]\n'));
            controller.close();
          }
        } catch (err) {
          // Headers are out already: the client sees a cut-off file, never a silent short one.
          logger.error({ err, requestId: ctx.requestId }, 'audit export failed');
          controller.error(err);
        }
      },
    },
    { highWaterMark: 0 },
  );
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '');
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-log-${stamp}Z.${input.format}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
