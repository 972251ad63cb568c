// The generate_report_run task: builds a run's file from current data in its owner's scope,
// stores it in the attachment store and, when the run has recipients, queues the email with the
// file attached (in the same transaction that marks the run succeeded). A failed attempt keeps
// its reason on the run and is retried by graphile-worker with exponential backoff; the last
// allowed attempt marks the run failed. Claims are conditional updates, so a run is generated
// by one worker at a time and a finished run is never generated again.
import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { configuredBucket, deleteObject, putObject } from '@/lib/storage/object-storage';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import { REPORT_DEFINITIONS } from '@/lib/reports/report-types';
import { MAX_REPORT_ROWS, type ReportSelection } from '@/lib/reports/report-definition';
import { ownerContext } from '@/lib/reports/report-scope';
import { filtersOf } from '@/lib/reports/to-report-dto';
import { renderCsv, renderReport, type RenderInput } from '@/lib/reports/render-report';
import { reportBrand } from '@/lib/reports/report-brand';
import { reportEmail } from '@/lib/reports/report-email';
import type { ReportRun } from '@/lib/generated/prisma/client';

export interface AttemptInfo {
  attempt: number;
  maxAttempts: number;
}

/** The rows, summary and branding of a run, as of `now`. */
export async function buildRenderInput(run: Pick<ReportRun, 'partnerId' | 'orgId' | 'type' | 'filters' | 'name'>, now = new Date()): Promise<RenderInput> {
  const definition = REPORT_DEFINITIONS[run.type];
  const filters = filtersOf(run.filters);
  const ctx = ownerContext(run);
  const sel: ReportSelection = { orgIds: filters.orgIds, siteIds: filters.siteIds, from: new Date(now.getTime() - filters.rangeDays * 86_400_000), to: now };
  const [page, summary, brand] = await Promise.all([definition.rows(ctx, sel, { offset: 0, limit: MAX_REPORT_ROWS }), definition.summary(ctx, sel), reportBrand(run)]);
  return { name: run.name, title: definition.title, brand, period: { from: sel.from, to: sel.to }, generatedAt: now, columns: definition.columns, rows: page.rows, total: page.total, summary, landscape: definition.landscape };
}

const fileNameOf = (run: ReportRun, extension: string, at: Date) => `${run.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report'}-${at.toISOString().slice(0, 10)}.${extension}`;

export async function runReport(runId: string, attempt: AttemptInfo): Promise<void> {
  const claimed = await db.reportRun.updateMany({
    where: { id: runId, status: { in: ['queued', 'running'] } },
    data: { status: 'running', attempts: attempt.attempt, startedAt: new Date() },
  });
  if (claimed.count === 0) return; // finished (or gone) already: nothing to do
  const run = (await db.reportRun.findUnique({ where: { id: runId } }))!;
  let placed: { bucket: string; key: string } | null = null;
  try {
    const input = await buildRenderInput(run);
    const file = await renderReport(run.format, input);
    const fileName = fileNameOf(run, file.extension, input.generatedAt);
    const bucket = configuredBucket();
    if (bucket) {
      placed = { bucket, key: `reports/${run.id}/${fileName}` };
      await putObject(bucket, placed.key, file.data, file.contentType);
    }
    await db.$transaction(async (tx) => {
      const done = await tx.reportRun.updateMany({
        where: { id: run.id, status: 'running' },
        data: {
          status: 'succeeded',
          error: null,
          fileName,
          contentType: file.contentType,
          sizeBytes: file.data.length,
          rowCount: input.rows.length,
          storage: bucket ? 's3' : 'database',
          storageBucket: placed?.bucket ?? null,
          storageKey: placed?.key ?? null,
          completedAt: new Date(),
          emailedAt: run.emailRecipients.length ? new Date() : null,
        },
      });
      if (done.count === 0) throw new Error('the run changed while it was generated');
      if (!bucket) await tx.reportRunFile.create({ data: { runId: run.id, data: new Uint8Array(file.data) } });
      if (run.reportId) await tx.report.updateMany({ where: { id: run.reportId }, data: { lastRunAt: new Date() } });
      if (run.emailRecipients.length) {
        // pdf reports mail the PDF; csv and excel reports mail CSV.
        const attachment = run.format === 'pdf' ? { data: file.data, fileName, contentType: 'application/pdf' } : { data: renderCsv(input), fileName: fileName.replace(/\.\w+$/, '.csv'), contentType: 'text/csv; charset=utf-8' };
        await enqueueEmail(tx, reportEmail(run, input, attachment));
      }
    });
  } catch (error) {
    if (placed) await deleteObject(placed.bucket, placed.key).catch((err) => logger.warn({ err, key: placed!.key }, 'could not remove the object of a failed report run'));
    const reason = error instanceof Error ? error.message : String(error);
    const final = attempt.attempt >= attempt.maxAttempts;
    await db.reportRun.updateMany({
      where: { id: run.id, status: 'running' },
      data: { status: final ? 'failed' : 'queued', error: reason.slice(0, 2000), completedAt: final ? new Date() : null },
    });
    logger.warn({ err: error, runId: run.id, attempt: attempt.attempt, final }, 'report run failed');
    if (!final) throw error;
  }
}
