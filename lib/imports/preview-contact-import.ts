// POST /orgs/contacts/import/preview: annotates each row against current state; writes nothing.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { importPartnerId } from '@/lib/imports/import-partner-id';
import { loadContactImportState } from '@/lib/imports/load-contact-import-state';
import { planContactImport } from '@/lib/imports/plan-contact-import';
import type { ZContactImportPreview, ZContactImportPreviewBody } from '@/lib/imports/schemas';

export async function previewContactImport(ctx: ActorContext, body: z.output<typeof ZContactImportPreviewBody>): Promise<z.output<typeof ZContactImportPreview>> {
  const partnerId = importPartnerId(ctx, body.partnerId, { fullAccess: false });
  const state = await loadContactImportState(db, ctx, partnerId, body.rows);
  return {
    rows: planContactImport(body.rows, state).map((plan, index) => ({
      index,
      annotation: plan.annotation,
      ...(plan.org ? { organizationId: plan.org.id } : {}),
      ...(plan.contact ? { contactId: plan.contact.id, matchedContactName: plan.contact.name } : {}),
      ...(plan.failure ? { conflictReason: plan.failure.reason } : {}),
      ...(plan.warning ? { warning: plan.warning } : {}),
    })),
  };
}
