// POST /api/v1/psa/connections/:id/import/preview — the PSA's companies as annotated import rows.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { requireSiteWrite } from '@/lib/imports/require-site-write';
import { ZPsaImportPreview } from '@/lib/psa/schemas';
import { previewPsaImport } from '@/lib/psa/preview-psa-import';
import { PSA_IMPORT_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  errors: [503],
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Preview a PSA company import',
  description: [
    `${PSA_IMPORT_ACCESS} Reads the PSA’s companies live and annotates each like an organization-import row (\`create\`, \`link-match\`, \`name-match\`, \`matched-soft-deleted\`, \`conflict\` with \`conflictReason\`); companies an organization already links to are left out (counted in \`linkedSkipped\`). Nothing is written.`,
    'The read is bounded by a company cap, a wall-clock budget and a page guard: `truncated` says whether it stopped early and `truncatedReason` why (`company-cap`, `time-budget`, `page-guard`); import the batch, then preview again.',
  ].join('\n\n'),
  tags: PSA_TAGS,
  response: ZPsaImportPreview,
  handler: ({ ctx, params }) => {
    requireSiteWrite(ctx);
    return previewPsaImport(ctx, params.id);
  },
});
