// GET|POST /audit-logs/export: every matching entry as CSV or JSON, streamed. The stream reads
// 1,000 entries at a time by keyset as the client consumes it (pull-based), so an export of any
// size holds one batch in memory and a slow client slows the reads instead of filling a buffer.
import { createHash } from 'node:crypto';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { orgInScope } from '@/lib/tenancy/scope';
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

/**
 * The filters as they were asked, for the export's own audit entry. The search text is kept as
 * its SHA-256 only: it may hold personal data, and a suspected query can still be confirmed.
 */
function filtersOf(input: TExportAuditLogsInput): Record<string, unknown> {
  const { format: _format, q, ...filters } = input;
  const recorded: Record<string, unknown> = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
  if (q) recorded.qSha256 = createHash('sha256').update(q).digest('hex');
  return recorded;
}

/**
 * An export names its organization or partner in its own audit entry, so one outside the
 * caller's scope is refused (404, like any record out of scope) rather than recorded.
 * Organizations deleted since keep their entries, so the lookup includes them.
 */
async function assertFiltersInScope(ctx: ActorContext, input: TExportAuditLogsInput): Promise<void> {
  if (input.orgId) {
    const org = await db.organization.findUnique({ where: { id: input.orgId }, select: { id: true, partnerId: true } });
    if (!org || !orgInScope(ctx, org)) throw notFound('Organization');
  }
  if (input.partnerId && ctx.scope !== 'system' && input.partnerId !== ctx.partnerId) throw notFound('Partner');
}

export async function exportAuditLogs(ctx: ActorContext, input: TExportAuditLogsInput): Promise<Response> {
  await assertFiltersInScope(ctx, input);
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
