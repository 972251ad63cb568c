// GET /reports/runs, GET /reports/runs/:id and GET /reports/runs/:id/download.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { conflict } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { getObjectStream } from '@/lib/storage/object-storage';
import type { ListRunsQuery, TReportRun } from '@/lib/reports/schemas';
import { getReportRunOrThrow, reportRunWhere } from '@/lib/reports/report-scope';
import { toReportRunDto } from '@/lib/reports/to-report-dto';

export async function listReportRuns(ctx: ScopedContext, query: ListRunsQuery) {
  const where: Prisma.ReportRunWhereInput = {
    AND: [reportRunWhere(ctx), query.reportId ? { reportId: query.reportId } : {}, query.status ? { status: query.status } : {}, query.trigger ? { trigger: query.trigger } : {}],
  };
  const [rows, total] = await Promise.all([db.reportRun.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }), db.reportRun.count({ where })]);
  return pageResult(rows.map(toReportRunDto), query, total);
}

export async function getReportRun(ctx: ScopedContext, id: string): Promise<TReportRun> {
  return toReportRunDto(await getReportRunOrThrow(ctx, id));
}

export async function downloadReportRun(ctx: ScopedContext, id: string): Promise<Response> {
  const run = await getReportRunOrThrow(ctx, id);
  if (run.status !== 'succeeded' || !run.fileName || !run.contentType) throw conflict(`The run is ${run.status}; its file exists once it succeeded`, 'RUN_NOT_READY', { status: run.status });
  const headers = {
    'content-type': run.contentType,
    'content-disposition': `attachment; filename="${run.fileName.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  if (run.storage === 's3' && run.storageBucket && run.storageKey) {
    return new Response(await getObjectStream(run.storageBucket, run.storageKey), { headers: { ...headers, ...(run.sizeBytes ? { 'content-length': String(run.sizeBytes) } : {}) } });
  }
  const file = await db.reportRunFile.findUnique({ where: { runId: run.id } });
  if (!file) throw conflict('The run’s file is no longer stored', 'RUN_FILE_MISSING');
  return new Response(Buffer.from(file.data), { headers: { ...headers, 'content-length': String(file.data.length) } });
}
