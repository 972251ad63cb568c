// POST /api/v1/portal/profile/password — change my portal password.
import { defineRoute } from '@/lib/http/define-route';
import { ZChangePortalPassword, ZChangePortalPasswordResponse } from '@/lib/portal/profile/schemas';
import { changePortalPassword } from '@/lib/portal/profile/change-portal-password';
import { jsonWithCookies } from '@/lib/portal/session/portal-cookies';

export const POST = defineRoute({
  auth: 'portal',
  permission: 'none',
  body: ZChangePortalPassword,
  errors: [429],
  summary: 'Change my portal password',
  description: 'Needs the current password (400 `INVALID_CURRENT_PASSWORD`) and passes the server-side strength check (400 with its first problem). Every other session ends; this browser gets a fresh session (new cookies and CSRF token). 429 past 10 attempts per hour. Needs `X-CSRF-Token`.',
  tags: ['Portal'],
  response: ZChangePortalPasswordResponse,
  handler: async ({ ctx, body, req }) => {
    const session = await changePortalPassword(ctx, body, req.headers.get('user-agent'));
    return jsonWithCookies({ success: true, csrfToken: session.csrfToken }, 200, session.cookies);
  },
});
