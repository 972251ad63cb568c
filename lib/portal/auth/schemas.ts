import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

const ZEmail = z.string().trim().toLowerCase().email().max(255);
const ZSite = z.string().trim().toLowerCase().max(100).optional().describe('The partner’s portal key (slug) on the shared host; on a custom domain the Host decides');

export const ZPortalLogin = z.object({ email: ZEmail, password: z.string().min(1).max(256), site: ZSite }).strict();
export const ZPortalForgotPassword = z.object({ email: ZEmail, site: ZSite }).strict();
export const ZPortalResetPassword = z.object({ token: z.string().min(20).max(200), password: z.string().min(1).max(256) }).strict();

export const ZPortalUser = z.object({
  id: z.string().uuid().describe('The contact id'),
  name: z.string(),
  email: z.string(),
  organization: z.object({ id: z.string().uuid(), name: z.string() }),
});

export const ZPortalLoginResponse = z.object({
  user: ZPortalUser,
  csrfToken: z.string().describe('Also in the rmm_portal_csrf cookie; send it as X-CSRF-Token on every state-changing portal request'),
  expiresAt: ZTimestamp,
});

export const FORGOT_PASSWORD_MESSAGE = 'If a portal account exists for this address, we have emailed a link to choose a new password.';
export const ZForgotPasswordResponse = z.object({ success: z.literal(true), message: z.string() });
export const ZResetPasswordResponse = z.object({ success: z.literal(true), email: z.string().describe('The account’s sign-in name, to sign in with the new password') });
