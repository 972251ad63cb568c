// POST /api/v1/orgs/import/preview — annotate organization/site import rows; nothing is written.
import { defineRoute } from '@/lib/http/define-route';
import { IMPORT_MAX_BODY_BYTES, ZOrgImportPreview, ZOrgImportPreviewBody } from '@/lib/imports/schemas';
import { previewOrgImport } from '@/lib/imports/preview-org-import';
import { requireSiteWrite } from '@/lib/imports/require-site-write';

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  scopes: ['system', 'partner'],
  body: ZOrgImportPreviewBody,
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  summary: 'Preview an organization/site import',
  description: [
    'Up to 1,000 rows `{ organization, site?, externalId?, externalSystem?, timezone?, address?, contact? }`. Rows repeating an organization (same external id, else same name ignoring case and spacing) become one organization with many sites; a group naming no site gets a default site named after the organization.',
    'Each row is annotated: `create`; `link-match` (matched through the durable (externalSystem, externalId) link, externalSystem default `csv`); `name-match` (matched by name only: commit needs `expectedAnnotation: "name-match"`); `matched-soft-deleted` (a deleted organization: commit needs `reactivate: true`, or `forceCreate`); `conflict` with `conflictReason` (ambiguous names, one external id under two names, the partner’s organization limit). `organizationId` names the match to echo as `expectedOrganizationId`.',
    'Needs partner scope with access to every organization (system callers name `partnerId`), `orgs:write` and `sites:write`, and an MFA-satisfied session. Nothing is written.',
  ].join('\n\n'),
  tags: ['Bulk import'],
  response: ZOrgImportPreview,
  handler: ({ ctx, body }) => {
    requireSiteWrite(ctx);
    return previewOrgImport(ctx, body);
  },
});
