// POST /api/v1/orgs/contacts/:contactId/portal-invite — invite a contact to the customer portal.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZContact, ZContactParams } from '@/lib/contacts/schemas';
import { inviteContactToPortal } from '@/lib/contacts/invite-contact-to-portal';

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  params: ZContactParams,
  errors: [429],
  summary: 'Invite a contact to the customer portal',
  description: [
    'Adds the `portal` role, opens the contact’s portal account as `invited` and emails a single-use link (valid `INVITE_TTL_HOURS`, default 72) on which the contact chooses a password. The link uses the organization’s portal domain when one is configured. Sending again replaces the previous link.',
    '400 `CONTACT_EMAIL_REQUIRED` without an email address; 409 `PORTAL_ACCESS_ACTIVE` when the contact already signs in (they reset their password themselves); 409 `PORTAL_EMAIL_IN_USE` when another contact of the partner signs in with the same address; 429 past the partner’s hourly invitation budget.',
  ].join('\n\n'),
  tags: ['Contacts'],
  response: ZContact.extend({ inviteExpiresAt: z.string() }),
  handler: ({ ctx, params }) => inviteContactToPortal(ctx, params.contactId),
});
