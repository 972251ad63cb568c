// Tenancy of reports and runs: a report belongs to one organization, or to the whole partner
// when orgId is null. Partner-wide reports are read by every partner caller and written only by
// callers that see every organization (as deployments are). A run has the owner of its report.
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma, Report, ReportRun } from '@/lib/generated/prisma/client';
import { badRequest, forbidden, notFound } from '@/lib/http/errors';
import { isValidTimeZone } from '@/lib/tenancy/timezone';
import { hasFullPartnerAccess, orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import type { ReportFilters } from '@/lib/reports/schemas';

export function reportWhere(ctx: ScopedContext): Prisma.ReportWhereInput {
  return tenantWhere(ctx);
}

export function reportRunWhere(ctx: ScopedContext): Prisma.ReportRunWhereInput {
  return tenantWhere(ctx);
}

export async function getReportOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<Report> {
  const found = await client.report.findFirst({ where: { AND: [{ id }, reportWhere(ctx)] } });
  if (!found) throw notFound('Report');
  return found;
}

export async function getReportRunOrThrow(ctx: ScopedContext, id: string): Promise<ReportRun> {
  const found = await db.reportRun.findFirst({ where: { AND: [{ id }, reportRunWhere(ctx)] } });
  if (!found) throw notFound('Report run');
  return found;
}

export function assertReportWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide reports need access to every organization');
}

/**
 * The organizations and sites a report filters on must be inside both the caller's scope and
 * the report's owner (an organization's report cannot reach another organization).
 */
export async function assertFiltersInScope(ctx: ScopedContext, owner: { orgId: string | null }, filters: ReportFilters, path = 'filters'): Promise<void> {
  if (filters.orgIds.length) {
    const found = await db.organization.findMany({ where: { AND: [{ id: { in: filters.orgIds } }, orgWhere(ctx), owner.orgId ? { id: owner.orgId } : {}] }, select: { id: true } });
    const missing = filters.orgIds.filter((id) => !found.some((o) => o.id === id));
    if (missing.length) throw badRequest('Organizations outside the report’s scope', missing.map((id) => ({ path: `${path}.orgIds`, message: `Organization ${id} is not in scope` })), 'FILTER_NOT_IN_SCOPE');
  }
  if (filters.siteIds.length) {
    const found = await db.site.findMany({
      where: { AND: [{ id: { in: filters.siteIds }, deletedAt: null }, tenantWhere(ctx), owner.orgId ? { orgId: owner.orgId } : {}] },
      select: { id: true },
    });
    const missing = filters.siteIds.filter((id) => !found.some((s) => s.id === id));
    if (missing.length) throw badRequest('Sites outside the report’s scope', missing.map((id) => ({ path: `${path}.siteIds`, message: `Site ${id} is not in scope` })), 'FILTER_NOT_IN_SCOPE');
  }
}

/** The schedule's zone: as configured, else the organization's, else the partner's, else UTC. */
export async function resolveTimeZone(client: DbOrTx, owner: { partnerId: string; orgId: string | null }, configured?: string): Promise<string> {
  if (configured) return configured;
  if (owner.orgId) {
    const org = await client.organization.findUnique({ where: { id: owner.orgId }, select: { timezone: true } });
    if (org?.timezone && isValidTimeZone(org.timezone)) return org.timezone;
  }
  const partner = await client.partner.findUnique({ where: { id: owner.partnerId }, select: { settings: true } });
  const tz = (partner?.settings as { timezone?: unknown } | null)?.timezone;
  return typeof tz === 'string' && isValidTimeZone(tz) ? tz : 'UTC';
}

/** The context a report is generated in: its owner's organization, or its whole partner. */
export function ownerContext(owner: { partnerId: string; orgId: string | null }): ScopedContext {
  return owner.orgId
    ? { scope: 'organization', partnerId: owner.partnerId, orgId: owner.orgId, orgAccess: 'all', orgIds: [] }
    : { scope: 'partner', partnerId: owner.partnerId, orgId: null, orgAccess: 'all', orgIds: [] };
}
