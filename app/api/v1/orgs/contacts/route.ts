// /api/v1/orgs/contacts — organization contacts: list and create.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZContact, ZCreateContact, ZListContactsQuery } from '@/lib/contacts/schemas';
import { listContacts } from '@/lib/contacts/list-contacts';
import { createContact } from '@/lib/contacts/create-contact';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  query: ZListContactsQuery,
  summary: 'List contacts',
  description: 'Contacts of the organizations in the caller’s scope, by name. Filter by organization, site, role or a search over name, email, phone and mobile.',
  tags: ['Contacts'],
  response: ZPageOf(ZContact),
  handler: ({ ctx, query }) => listContacts(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  body: ZCreateContact,
  status: 201,
  summary: 'Create a contact',
  description: [
    'A contact belongs to one organization (404 when outside the caller’s scope), at organization level or pinned to one of its sites (400 `SITE_NOT_IN_ORG`).',
    'At least one of name, email, phone, mobile must be non-blank (400 `CONTACT_IDENTIFIER_REQUIRED`; blank strings count as absent). Email is stored lowercased; title up to 255 characters. `roles` from `billing`, `technical`, `escalation`, `admin`, `site`, `after_hours`, `portal`.',
    '`externalLinks` (externalSystem default `csv`) are unique per organization: 409 `EXTERNAL_LINK_IN_USE`. Portal access is granted by POST /orgs/contacts/:contactId/portal-invite.',
  ].join('\n\n'),
  tags: ['Contacts'],
  response: ZContact,
  handler: ({ ctx, body }) => createContact(ctx, body),
});
