// DELETE /api/v1/orgs/contacts/:contactId/portal-access — withdraw a contact's portal access.
import { defineRoute } from '@/lib/http/define-route';
import { ZContact, ZContactParams } from '@/lib/contacts/schemas';
import { revokePortalAccess } from '@/lib/contacts/revoke-portal-access';

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  params: ZContactParams,
  summary: 'Revoke a contact’s portal access',
  description: 'Removes the `portal` role, ends every portal session of the contact and voids outstanding invite or reset links. Invite again to restore access.',
  tags: ['Contacts'],
  response: ZContact,
  handler: ({ ctx, params }) => revokePortalAccess(ctx, params.contactId),
});
