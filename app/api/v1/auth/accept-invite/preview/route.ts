// POST /api/v1/auth/accept-invite/preview — what an invitation link is for.
import { defineRoute } from '@/lib/http/define-route';
import { ZInvitePreview, ZInviteToken } from '@/lib/users/schemas';
import { previewInvite } from '@/lib/users/accept-invite';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZInviteToken,
  errors: [429],
  summary: 'Preview an invitation',
  description: 'Body `{ token }`. Returns the invited address and name, the partner (and organization), the role and the expiry, so the invitation page can say what the person is joining. The token is not consumed. 400 `INVALID_INVITE` exactly as in `POST /auth/accept-invite`. POST, not GET, keeps the token out of URLs and logs.',
  tags: ['Authentication'],
  response: ZInvitePreview,
  audit: false,
  handler: ({ ctx, body }) => previewInvite(ctx, body),
});
