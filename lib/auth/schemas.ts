import { z } from 'zod';

export const ZEmail = z
  .string()
  .trim()
  .max(255)
  .email('Enter a valid email address')
  .transform((v) => v.toLowerCase());

export const ZLoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(255).transform((v) => v.toLowerCase()),
  password: z.string().min(1, 'Password is required').max(1024),
});

export const ZRefreshBody = z.object({ refreshToken: z.string().min(1).max(512).optional() });

export const ZMfaCodeBody = z.object({
  code: z.string().trim().min(6).max(32).describe('6-digit TOTP code, or a recovery code'),
});

export const ZUserSummary = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  mfaEnabled: z.boolean(),
  scope: z.enum(['system', 'partner', 'organization']),
  partnerId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  roleId: z.string().uuid(),
}).meta({ id: 'UserSummary' });

export const ZTokenResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresInSeconds: z.number().int(),
  mfaRequired: z.boolean(),
  user: ZUserSummary,
}).meta({ id: 'TokenResponse' });
