// POST /api/v1/orgs/contacts/import — commit a contact import.
import { defineRoute } from '@/lib/http/define-route';
import { IMPORT_MAX_BODY_BYTES, ZContactImportBody, ZContactImportResult } from '@/lib/imports/schemas';
import { commitContactImport } from '@/lib/imports/commit-contact-import';

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  scopes: ['system', 'partner'],
  body: ZContactImportBody,
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  summary: 'Import contacts',
  description: [
    'The preview’s rows; to apply an `email-match` or `name-match` the row echoes `expectedAnnotation` and `expectedContactId`. Every row is re-derived against fresh state. Always 200 with `{ imported, updated, skipped, errors }`; each error has `index`, `code` and `message`. Codes: `row-conflict` (malformed or ambiguous against existing state), `org-not-found`, `annotation-changed` (the re-derived annotation differs from the acknowledgement), `match-changed` (the acknowledged contact is no longer the one the row resolves to), `match-unconfirmed` (a fuzzy match never acknowledged), `no-identifier` (the merged contact would have no name, email, phone or mobile), `invalid-role`, `site-not-in-org`, `write-failed`.',
    '`mode: "skip"` (default): a matched contact is untouched and reported under `skipped` (a confirmed fuzzy match carrying an externalId gets the link, so the next import matches by identity). `mode: "update"`: the row is merged into the contact — a blank or absent column never clears stored data, `roles` is replaced only by a non-empty list, `site` moves the contact. Portal access follows as with PATCH /orgs/contacts/:contactId.',
  ].join('\n\n'),
  tags: ['Bulk import'],
  response: ZContactImportResult,
  handler: ({ ctx, body }) => commitContactImport(ctx, body),
});
