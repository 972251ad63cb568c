// POST /api/v1/orgs/import — commit an organization/site import.
import { defineRoute } from '@/lib/http/define-route';
import { IMPORT_MAX_BODY_BYTES, ZOrgImportBody, ZOrgImportResult } from '@/lib/imports/schemas';
import { commitOrgImport } from '@/lib/imports/commit-org-import';
import { requireSiteWrite } from '@/lib/imports/require-site-write';

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  scopes: ['system', 'partner'],
  body: ZOrgImportBody,
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  summary: 'Import organizations and sites',
  description: [
    'The preview’s rows, with per-row acknowledgements: `expectedAnnotation` (a row whose re-derived annotation differs fails `annotation-changed`; required as `name-match` to attach to a name match, else `match-unconfirmed`), `expectedOrganizationId` (must still be the match, else `match-changed`), `reactivate: true` (restore a `matched-soft-deleted` organization and attach), `forceCreate: true` (create a new organization instead of a name-matched or deleted match). `conflict` rows fail `row-conflict`.',
    'Every annotation is re-derived against fresh state; rows that no longer hold go to `errors` while the others proceed. `mode: "skip"` (default) leaves matched organizations untouched (rows reported under `skipped`), so re-runs are idempotent; `mode: "update"` patches only the fields present (name, a site-less row’s time zone, named sites’ time zone, address and contact; missing named sites are added). Slugs are derived from names and de-duplicated. A confirmed name match carrying an external id gets the link, so later imports match by identity.',
    'Answer `{ imported, updated, skipped, errors }`; each error has `index`, `code` (`row-conflict`, `annotation-changed`, `match-changed`, `match-unconfirmed`, `write-failed`) and `message`. The commit is one transaction: after a crash nothing is half-written and the same request can be sent again.',
  ].join('\n\n'),
  tags: ['Bulk import'],
  response: ZOrgImportResult,
  handler: ({ ctx, body }) => {
    requireSiteWrite(ctx);
    return commitOrgImport(ctx, body);
  },
});
