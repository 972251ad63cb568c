// POST /api/v1/portal/auth/logout — end the portal session.
import { defineRoute } from '@/lib/http/define-route';
import { logoutPortal } from '@/lib/portal/auth/logout-portal';
import { clearPortalCookies, jsonWithCookies } from '@/lib/portal/session/portal-cookies';

export const POST = defineRoute({
  auth: 'portal',
  permission: 'none',
  summary: 'Sign out of the customer portal',
  description: 'Ends the session server-side (a copied cookie stops working too) and clears the cookies. Needs `X-CSRF-Token`. 204.',
  tags: ['Portal'],
  status: 204,
  handler: async ({ ctx }) => {
    await logoutPortal(ctx);
    return jsonWithCookies(undefined, 204, clearPortalCookies());
  },
});
