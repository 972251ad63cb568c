// Tenancy of alert configuration (rules, channels, policies): a record belongs to one
// organization, or to the whole partner when orgId is null. Partner-wide records are read by
// every partner caller and written only by callers that see every organization.
import type { ScopedContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export type ConfigWhere = ReturnType<typeof tenantOrPartnerWideWhere>;

/**
 * Predicate for reads: the caller's organizations plus, for partner callers, the partner-wide
 * records (organization callers see their own organization's only).
 */
export function configWhere(ctx: ScopedContext): ConfigWhere {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

/** A write may touch the record: its organization is in scope, or it is partner-wide and the caller sees everything. */
export function assertConfigWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide alert settings need access to every organization');
}

/** The owner of a new record (see resolveRecordOwner). */
export function resolveConfigOwner(ctx: ScopedContext, orgId: string | null | undefined): Promise<{ partnerId: string; orgId: string | null }> {
  return resolveRecordOwner(ctx, orgId, 'alert settings');
}
