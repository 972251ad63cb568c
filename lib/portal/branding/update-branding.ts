// PATCH of one branding level: creates the row on first write; null clears a field.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { findBrandingRow, lockBrandingTarget, type BrandingTarget } from '@/lib/portal/branding/branding-target';
import { getBranding } from '@/lib/portal/branding/get-branding';
import type { ZUpdateBranding } from '@/lib/portal/branding/schemas';

export const domainInUse = () => conflict('This domain is already used by another portal', 'DOMAIN_IN_USE');

export async function updateBranding(ctx: ActorContext, target: BrandingTarget, input: z.output<typeof ZUpdateBranding>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  return db.$transaction(async (tx) => {
    await lockBrandingTarget(tx, target);
    const current = await findBrandingRow(tx, target);
    if (input.customDomain) {
      const holder = await tx.portalBranding.findUnique({ where: { customDomain: input.customDomain }, select: { id: true } });
      if (holder && holder.id !== current?.id) throw domainInUse();
    }
    if (current) await tx.portalBranding.update({ where: { id: current.id }, data: input });
    else await tx.portalBranding.create({ data: { partnerId: target.partnerId, orgId: target.orgId, ...input } });
    await writeAudit(ctx, {
      action: 'portal_branding.update',
      targetType: target.orgId ? 'organization' : 'partner',
      targetId: target.orgId ?? target.partnerId,
      partnerId: target.partnerId,
      orgId: target.orgId,
      details: { fields: Object.keys(input), customDomain: input.customDomain },
    }, tx);
    return getBranding(target, tx);
  });
}

/** DELETE of an organization's branding: its portal falls back to the partner's entirely. */
export async function deleteBranding(ctx: ActorContext, target: BrandingTarget): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockBrandingTarget(tx, target);
    const current = await findBrandingRow(tx, target);
    if (!current) return;
    await tx.portalBranding.delete({ where: { id: current.id } });
    await writeAudit(ctx, { action: 'portal_branding.delete', targetType: target.orgId ? 'organization' : 'partner', targetId: target.orgId ?? target.partnerId, partnerId: target.partnerId, orgId: target.orgId }, tx);
  });
}
