// /api/v1/portal/profile — the signed-in contact's own details.
import { defineRoute } from '@/lib/http/define-route';
import { ZPortalProfile, ZUpdatePortalProfile } from '@/lib/portal/profile/schemas';
import { getPortalProfile, updatePortalProfile } from '@/lib/portal/profile/portal-profile';

export const GET = defineRoute({
  auth: 'portal',
  permission: 'none',
  summary: 'My portal profile',
  tags: ['Portal'],
  response: ZPortalProfile,
  handler: ({ ctx }) => getPortalProfile(ctx),
});

export const PATCH = defineRoute({
  auth: 'portal',
  permission: 'none',
  body: ZUpdatePortalProfile,
  summary: 'Edit my portal profile',
  description: '`name`, `phone`, `mobile`, `title`; null (or blank) clears phone, mobile or title. The email address is the sign-in name: the MSP changes it. Needs `X-CSRF-Token`.',
  tags: ['Portal'],
  response: ZPortalProfile,
  handler: ({ ctx, body }) => updatePortalProfile(ctx, body),
});
