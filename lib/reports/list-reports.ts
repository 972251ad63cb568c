// GET /reports and GET /reports/:id.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ListReportsQuery, TReport } from '@/lib/reports/schemas';
import { getReportOrThrow, reportWhere } from '@/lib/reports/report-scope';
import { toReportDtoOne, toReportDtos } from '@/lib/reports/report-dtos';

export async function listReports(ctx: ScopedContext, query: ListReportsQuery) {
  const where: Prisma.ReportWhereInput = {
    AND: [
      reportWhere(ctx),
      query.type ? { type: query.type } : {},
      query.orgId ? { orgId: query.orgId } : {},
      query.scheduled === undefined ? {} : query.scheduled ? { schedule: { not: null } } : { schedule: null },
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([db.report.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }), db.report.count({ where })]);
  return pageResult(await toReportDtos(db, rows), query, total);
}

export async function getReport(ctx: ScopedContext, id: string): Promise<TReport> {
  return toReportDtoOne(db, await getReportOrThrow(ctx, id));
}
