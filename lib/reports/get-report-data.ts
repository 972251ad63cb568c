// GET /reports/data/*: a page of a report type's rows as JSON with its columns and the summary
// over every matching row, for the caller's scope narrowed to one organization or site.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import { REPORT_DEFINITIONS } from '@/lib/reports/report-types';
import type { ReportDataQuery, ReportTypeName } from '@/lib/reports/schemas';
import type { ReportSelection } from '@/lib/reports/report-definition';

export function periodOf(query: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * 86_400_000);
  return { from, to };
}

/** The organization and site of the query, each in the caller's scope (else 404). */
async function assertSelectionInScope(ctx: ScopedContext, orgId?: string, siteId?: string) {
  if (orgId && !(await db.organization.findFirst({ where: { AND: [{ id: orgId }, orgWhere(ctx)] }, select: { id: true } }))) throw notFound('Organization');
  if (siteId && !(await db.site.findFirst({ where: { AND: [{ id: siteId, deletedAt: null, organization: { deletedAt: null } }, tenantWhere(ctx)] }, select: { id: true } }))) throw notFound('Site');
}

export async function getReportData(ctx: ScopedContext, type: ReportTypeName, query: ReportDataQuery) {
  await assertSelectionInScope(ctx, query.orgId, query.siteId);
  const definition = REPORT_DEFINITIONS[type];
  const sel: ReportSelection = { orgIds: query.orgId ? [query.orgId] : [], siteIds: query.siteId ? [query.siteId] : [], ...periodOf(query) };
  const [page, summary] = await Promise.all([definition.rows(ctx, sel, { offset: (query.page - 1) * query.limit, limit: query.limit }), definition.summary(ctx, sel)]);
  return {
    data: page.rows,
    columns: definition.columns.map((c) => ({ key: c.key, header: c.header })),
    summary: summary.figures,
    period: { from: sel.from.toISOString(), to: sel.to.toISOString() },
    pagination: { page: query.page, limit: query.limit, total: page.total },
  };
}
