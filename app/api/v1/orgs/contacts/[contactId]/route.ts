// /api/v1/orgs/contacts/:contactId — one contact.
import { defineRoute } from '@/lib/http/define-route';
import { ZContact, ZContactParams, ZUpdateContact } from '@/lib/contacts/schemas';
import { getContactOrThrow } from '@/lib/contacts/get-contact-or-throw';
import { toContactDto } from '@/lib/contacts/to-contact-dto';
import { updateContact } from '@/lib/contacts/update-contact';
import { deleteContact } from '@/lib/contacts/delete-contact';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  params: ZContactParams,
  summary: 'Get a contact',
  tags: ['Contacts'],
  response: ZContact,
  handler: async ({ ctx, params }) => toContactDto(await getContactOrThrow(ctx, params.contactId)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  params: ZContactParams,
  body: ZUpdateContact,
  summary: 'Edit a contact',
  description: [
    'Only the fields sent change; an explicit null (or a blank string) clears a field, `siteId: null` makes the contact organization-level. The result must keep one of name, email, phone, mobile (400 `CONTACT_IDENTIFIER_REQUIRED`). `roles` and `externalLinks` replace the stored lists.',
    'Portal access follows the contact: removing the `portal` role or the email address ends it at once; a changed email becomes the sign-in name (current portal sessions and links end; 409 `PORTAL_EMAIL_IN_USE` when another contact of the partner signs in with it).',
  ].join('\n\n'),
  tags: ['Contacts'],
  response: ZContact,
  handler: ({ ctx, params, body }) => updateContact(ctx, params.contactId, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  params: ZContactParams,
  summary: 'Delete a contact',
  description: 'Soft delete; the contact’s portal access ends at once. Asset checkout history keeps naming it.',
  tags: ['Contacts'],
  handler: ({ ctx, params }) => deleteContact(ctx, params.contactId),
});
