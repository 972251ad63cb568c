import type { ActorContext } from '@/lib/auth/context';
import { previewOrgImport } from '@/lib/imports/preview-org-import';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import { readImportCompanies } from './read-import-companies';

/** POST /psa/connections/:id/import/preview: the PSA's unlinked companies, annotated like org-import rows. */
export async function previewPsaImport(ctx: ActorContext, id: string) {
  const connection = await getPsaConnectionOrThrow(ctx, id);
  const read = await readImportCompanies(connection);
  const annotated = read.rows.length ? (await previewOrgImport(ctx, { rows: read.rows, mode: 'skip', partnerId: undefined })).rows : [];
  return {
    rows: annotated.map((r) => ({ ...r, externalSystem: read.rows[r.index].externalSystem!, externalId: read.rows[r.index].externalId! })),
    linkedSkipped: read.linkedSkipped,
    truncated: read.truncatedReason !== null,
    truncatedReason: read.truncatedReason,
  };
}
