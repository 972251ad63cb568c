import { z } from 'zod';
import { ZEmail } from '@/lib/auth/schemas';

const ZPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters')
  .describe('At least 8 characters; also checked by the server-side strength check');

const ZAcceptTerms = z.literal(true, { error: 'You must accept the terms of service' }).describe('Must be true');

export const ZRegisterPartnerBody = z.object({
  companyName: z.string().trim().min(2, 'Company name must be 2 to 255 characters').max(255, 'Company name must be 2 to 255 characters'),
  name: z.string().trim().min(1, 'Name is required').max(255, 'Name must be at most 255 characters').describe("The admin user's full name"),
  email: ZEmail,
  password: ZPassword,
  acceptTerms: ZAcceptTerms,
});

export const ZRegisterUserBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(255, 'Name must be at most 255 characters'),
  email: ZEmail,
  password: ZPassword,
  acceptTerms: ZAcceptTerms,
});

export const ZVerifyEmailBody = z.object({
  token: z.string().min(1, 'Token is required').max(256).describe('The token from the emailed link'),
});

export const ZRegistrationAccepted = z.object({
  success: z.literal(true),
  message: z.string(),
}).meta({ id: 'RegistrationAccepted' });

export const ZVerifyEmailResponse = z.object({
  verified: z.literal(true),
  user: z.object({ id: z.string().uuid(), email: z.string(), name: z.string(), mfaEnabled: z.boolean() }),
  partner: z
    .object({ id: z.string().uuid(), name: z.string(), slug: z.string(), status: z.string() })
    .nullable()
    .describe('The new partner; null when the token came from POST /auth/register (no tenant yet)'),
  mfaRequired: z.boolean(),
  tokens: z
    .object({ accessToken: z.string(), expiresInSeconds: z.number().int() })
    .nullable()
    .describe('Null for a user registration: the account has no tenant to sign in to until it is invited'),
});

export type RegisterPartnerInput = z.output<typeof ZRegisterPartnerBody>;
export type RegisterUserInput = z.output<typeof ZRegisterUserBody>;
