// POST /api/v1/auth/mfa/enable — confirm enrolment with a first code.
import { z } from 'zod';
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZMfaCodeBody } from '@/lib/auth/schemas';
import { enableMfa } from '@/lib/auth/mfa';
import { refreshCookie } from '@/lib/auth/refresh-cookie';

export const POST = defineRoute({
  auth: 'user',
  permission: 'none',
  body: ZMfaCodeBody,
  errors: [429],
  summary: 'Enable MFA',
  description: 'Verifies a code from the authenticator, enables MFA and returns one-time recovery codes (shown once) and tokens whose `mfa` claim is true.',
  tags: ['Authentication'],
  response: z.object({ recoveryCodes: z.array(z.string()), accessToken: z.string(), refreshToken: z.string(), expiresInSeconds: z.number().int() }),
  handler: async ({ ctx, body }) => {
    const { recoveryCodes, tokens } = await enableMfa(ctx, body.code);
    return jsonResponse(
      { recoveryCodes, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresInSeconds: tokens.expiresInSeconds },
      200,
      { 'set-cookie': refreshCookie(tokens.refreshToken, tokens.refreshExpiresAt) },
    );
  },
});
