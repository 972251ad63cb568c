// POST /api/v1/psa/connections/:id/import — import the PSA's companies as organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { requireSiteWrite } from '@/lib/imports/require-site-write';
import { ZPsaImportBody, ZPsaImportResult } from '@/lib/psa/schemas';
import { commitPsaImport } from '@/lib/psa/commit-psa-import';
import { PSA_IMPORT_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  errors: [503],
  scopes: ['partner'],
  params: ZIdParams,
  body: ZPsaImportBody,
  audit: 'psa_connection.import',
  summary: 'Import PSA companies',
  description: [
    `${PSA_IMPORT_ACCESS} Re-reads the same bounded batch as the preview and commits it through the organization import (same annotations, acknowledgements, \`mode\` and error codes); \`externalIds\` narrows it to chosen companies (400 for one that is not an unlinked company of the batch), \`acknowledgements\` carry the per-company \`expectedAnnotation\`, \`expectedOrganizationId\`, \`reactivate\` and \`forceCreate\`.`,
    'Each organization created or attached keeps an external link `psa:<connectionId>` holding the PSA company id, so later imports and syncs match by identity and leave it out. Answer: the org import’s `{ imported, updated, skipped, errors }` (indexes count the batch’s rows) plus `truncated` and `truncatedReason`.',
  ].join('\n\n'),
  tags: PSA_TAGS,
  response: ZPsaImportResult,
  handler: ({ ctx, params, body }) => {
    requireSiteWrite(ctx);
    return commitPsaImport(ctx, params.id, body);
  },
});
