// POST /api/v1/orgs/contacts/import/preview — annotate contact import rows; nothing is written.
import { defineRoute } from '@/lib/http/define-route';
import { IMPORT_MAX_BODY_BYTES, ZContactImportPreview, ZContactImportPreviewBody } from '@/lib/imports/schemas';
import { previewContactImport } from '@/lib/imports/preview-contact-import';

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  scopes: ['system', 'partner'],
  body: ZContactImportPreviewBody,
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  summary: 'Preview a contact import',
  description: [
    'Up to 1,000 rows; each names its own organization (`organizationId`, or `organization` resolved by name within the caller’s partner) and optionally a `site` of it by name. At least one of name, email, phone, mobile must carry text, else the whole request fails with 400. `roles` from `billing`, `technical`, `escalation`, `admin`, `site`, `after_hours`, `portal`; `externalId` with `externalSystem` (default `csv`) is the contact’s durable identity within the organization. System-scope callers name `partnerId`.',
    'Annotations: `create`; `link-match` (the (organization, externalSystem, externalId) link; needs no acknowledgement); `email-match` and `name-match` (fuzzy hints naming `contactId`, applied only when acknowledged); `conflict` with `conflictReason` (ambiguous match without externalId, unknown role, unknown site, nothing to identify the contact, two rows targeting one contact); `org-not-found` (also for another partner’s organization). `warning` (non-fatal): several contacts share the email or name but the row carries its own externalId, so it creates a new contact.',
  ].join('\n\n'),
  tags: ['Bulk import'],
  response: ZContactImportPreview,
  handler: ({ ctx, body }) => previewContactImport(ctx, body),
});
