// Tenancy of maintenance windows: a window belongs to one organization, or to the whole
// partner when orgId is null. Partner-wide windows are read by every partner caller and written
// only by callers that see every organization (as partner-wide alert settings are).
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, orgWhere, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export function windowWhere(ctx: ScopedContext): Prisma.MaintenanceWindowWhereInput {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

export function occurrenceWhere(ctx: ScopedContext): Prisma.MaintenanceOccurrenceWhereInput {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

export function assertWindowWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide maintenance windows need access to every organization');
}

export async function getWindowOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const window = await client.maintenanceWindow.findFirst({ where: { AND: [{ id }, windowWhere(ctx)] } });
  if (!window) throw notFound('Maintenance window');
  return window;
}

export async function getOccurrenceOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const occurrence = await client.maintenanceOccurrence.findFirst({ where: { AND: [{ id }, occurrenceWhere(ctx)] }, include: { window: true } });
  if (!occurrence) throw notFound('Maintenance occurrence');
  return occurrence;
}

/**
 * The owner of a new window: `orgId` given → that organization (in scope, else 404); omitted or
 * null → partner-wide (partner callers with full access; organization callers get their own).
 */
export async function resolveWindowOwner(ctx: ScopedContext, orgId: string | null | undefined): Promise<{ partnerId: string; orgId: string | null }> {
  if (ctx.scope === 'organization') {
    if (orgId && orgId !== ctx.orgId) throw notFound('Organization');
    return { partnerId: ctx.partnerId!, orgId: ctx.orgId! };
  }
  if (orgId) {
    const org = await db.organization.findFirst({ where: { AND: [{ id: orgId }, orgWhere(ctx)] }, select: { id: true, partnerId: true } });
    if (!org) throw notFound('Organization');
    return { partnerId: org.partnerId, orgId: org.id };
  }
  if (ctx.scope === 'system') throw forbidden('Platform callers name the organization (orgId) of a maintenance window');
  if (!hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide maintenance windows need access to every organization; give orgId');
  return { partnerId: ctx.partnerId!, orgId: null };
}
