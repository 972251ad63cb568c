// POST /api/v1/users/resend-invite — a fresh invitation link.
import { defineRoute } from '@/lib/http/define-route';
import { ZResendInvite, ZUser } from '@/lib/users/schemas';
import { resendInvite } from '@/lib/users/resend-invite';

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  body: ZResendInvite,
  errors: [429],
  summary: 'Resend an invitation',
  description: 'Emails a new link with a new expiry to a user who has not accepted yet; the previous link stops working. 409 `NOT_INVITED` when the user is already active; 429 beyond `INVITES_PER_PARTNER_PER_HOUR`.',
  tags: ['Users'],
  response: ZUser,
  handler: ({ ctx, body }) => resendInvite(ctx, body),
});
