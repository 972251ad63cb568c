import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const ZPortalProfile = z.object({
  id: z.string().uuid().describe('The contact id'),
  name: z.string().nullable(),
  email: z.string().describe('The sign-in address; the MSP changes it'),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  title: z.string().nullable(),
  organization: z.object({ id: z.string().uuid(), name: z.string() }),
  site: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  lastLoginAt: ZTimestamp.nullable(),
  passwordChangedAt: ZTimestamp.nullable(),
});

export const ZUpdatePortalProfile = z
  .object({
    name: z.string().trim().min(1).max(255),
    phone: text(64),
    mobile: text(64),
    title: text(255),
  })
  .partial()
  .strict();

export const ZChangePortalPassword = z.object({ currentPassword: z.string().min(1).max(256), newPassword: z.string().min(1).max(256) }).strict();
export const ZChangePortalPasswordResponse = z.object({ success: z.literal(true), csrfToken: z.string().describe('The new session’s token (also in the rmm_portal_csrf cookie)') });
