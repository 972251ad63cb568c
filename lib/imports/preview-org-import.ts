// POST /orgs/import/preview: annotates each row against current state; writes nothing.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { importPartnerId } from '@/lib/imports/import-partner-id';
import { loadOrgImportState } from '@/lib/imports/load-org-import-state';
import { planOrgImport } from '@/lib/imports/plan-org-import';
import type { ZOrgImportPreview, ZOrgImportPreviewBody } from '@/lib/imports/schemas';

export async function previewOrgImport(ctx: ActorContext, body: z.output<typeof ZOrgImportPreviewBody>): Promise<z.output<typeof ZOrgImportPreview>> {
  const partnerId = importPartnerId(ctx, body.partnerId, { fullAccess: true });
  const state = await loadOrgImportState(db, partnerId, body.rows, { lock: false });
  const plan = planOrgImport(body.rows, state);
  return {
    rows: body.rows.map((row, index) => {
      const group = plan.rowGroup[index];
      const conflictReason = plan.rowConflict[index] ?? group?.conflictReason;
      return {
        index,
        annotation: group?.annotation ?? 'conflict',
        organization: row.organization,
        ...(group?.match ? { organizationId: group.match.id, matchedOrganizationName: group.match.name } : {}),
        ...(conflictReason && (!group || group.annotation === 'conflict') ? { conflictReason } : {}),
      };
    }),
  };
}
