// Tenancy of maintenance windows: a window belongs to one organization, or to the whole
// partner when orgId is null. Partner-wide windows are read by every partner caller and written
// only by callers that see every organization (as partner-wide alert settings are).
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

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

/** The owner of a new record (see resolveRecordOwner). */
export function resolveWindowOwner(ctx: ScopedContext, orgId: string | null | undefined): Promise<{ partnerId: string; orgId: string | null }> {
  return resolveRecordOwner(ctx, orgId, 'maintenance windows');
}
