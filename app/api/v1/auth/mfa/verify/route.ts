// POST /api/v1/auth/mfa/verify — complete an MFA challenge for the current session.
import { z } from 'zod';
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZMfaCodeBody } from '@/lib/auth/schemas';
import { verifyMfa } from '@/lib/auth/mfa';
import { refreshCookie } from '@/lib/auth/refresh-cookie';

export const POST = defineRoute({
  auth: 'user',
  permission: 'none',
  body: ZMfaCodeBody,
  errors: [429],
  summary: 'Complete an MFA challenge',
  description: 'Accepts a current TOTP code (each code once) or an unused recovery code. Returns new tokens whose `mfa` claim is true; the session stays MFA-satisfied across refreshes.',
  tags: ['Authentication'],
  response: z.object({ accessToken: z.string(), refreshToken: z.string(), expiresInSeconds: z.number().int() }),
  audit: false,
  handler: async ({ ctx, body }) => {
    const { tokens } = await verifyMfa(ctx, body.code);
    return jsonResponse(
      { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresInSeconds: tokens.expiresInSeconds },
      200,
      { 'set-cookie': refreshCookie(tokens.refreshToken, tokens.refreshExpiresAt) },
    );
  },
});
