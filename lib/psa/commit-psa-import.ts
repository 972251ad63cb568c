import type { ActorContext } from '@/lib/auth/context';
import { commitOrgImport } from '@/lib/imports/commit-org-import';
import { badRequest } from '@/lib/http/errors';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import { readImportCompanies } from './read-import-companies';
import type { TPsaImportBody } from './schemas';

/**
 * POST /psa/connections/:id/import: the preview's companies (or the chosen ones) committed
 * through the org import, so every organization it creates or attaches keeps an external link
 * `psa:<connectionId>` → PSA company id and later imports and syncs match it by identity.
 */
export async function commitPsaImport(ctx: ActorContext, id: string, body: TPsaImportBody) {
  const connection = await getPsaConnectionOrThrow(ctx, id);
  const read = await readImportCompanies(connection);
  const wanted = body.externalIds ? new Set(body.externalIds) : null;
  const acks = new Map((body.acknowledgements ?? []).map(({ externalId, ...ack }) => [externalId, ack]));
  const rows = read.rows.filter((r) => !wanted || wanted.has(r.externalId!)).map((r) => ({ ...r, ...acks.get(r.externalId!) }));
  const empty = { imported: [], updated: [], skipped: [], errors: [] };
  if (wanted && rows.length < wanted.size) {
    const known = new Set(rows.map((r) => r.externalId));
    const missing = [...wanted].filter((x) => !known.has(x));
    throw badRequest('Some externalIds are not unlinked companies of this batch', missing.slice(0, 20).map((x) => ({ path: 'body.externalIds', message: `${x} is linked already, unknown, or beyond this batch` })));
  }
  const result = rows.length ? await commitOrgImport(ctx, { rows, mode: body.mode, partnerId: undefined }) : empty;
  return { ...result, truncated: read.truncatedReason !== null, truncatedReason: read.truncatedReason };
}
