// POST /api/v1/auth/accept-invite — set a password and activate an invited account.
import { defineRoute } from '@/lib/http/define-route';
import { ZAcceptInvite, ZAcceptInviteResponse } from '@/lib/users/schemas';
import { acceptInvite } from '@/lib/users/accept-invite';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZAcceptInvite,
  errors: [429],
  summary: 'Accept an invitation',
  description:
    'Body `{ token, password, name? }`: `token` is the value after `#token=` in the emailed link. The password gets the server-side strength check (400 with the first problem as the message). On success the user is active with the role and organization access chosen by the inviter and signs in with `POST /auth/login`. Every unusable token (unknown, used, expired, superseded by a resend, partner inactive) gets one identical 400 `INVALID_INVITE`. Rate limited per client IP (429).',
  tags: ['Authentication'],
  response: ZAcceptInviteResponse,
  audit: false,
  handler: ({ ctx, body }) => acceptInvite(ctx, body),
});
