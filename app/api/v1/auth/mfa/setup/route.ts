// POST /api/v1/auth/mfa/setup — start TOTP enrolment.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { setupMfa } from '@/lib/auth/mfa';

export const POST = defineRoute({
  auth: 'user',
  permission: 'none',
  summary: 'Start MFA enrolment',
  description: 'Returns a TOTP secret and its otpauth:// URL (show it as a QR code). Confirm with POST /auth/mfa/enable.',
  tags: ['Authentication'],
  response: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  audit: 'user.mfa_setup',
  handler: ({ ctx }) => setupMfa(ctx),
});
