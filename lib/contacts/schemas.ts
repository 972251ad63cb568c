import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

/** Doc 3's contact roles; `portal` lets the MSP invite the contact to the customer portal. */
export const CONTACT_ROLES = ['billing', 'technical', 'escalation', 'admin', 'site', 'after_hours', 'portal'] as const;
export type ContactRoleName = (typeof CONTACT_ROLES)[number];

/** Trimmed text where blank means "no value" (null). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .transform((v) => (v === '' ? null : v))
  .pipe(z.string().email().nullable())
  .nullable();
const roles = z
  .array(z.enum(CONTACT_ROLES))
  .max(CONTACT_ROLES.length * 2)
  .transform((r) => [...new Set(r)]);

export const ZExternalLink = z
  .object({
    externalSystem: z.string().trim().min(1).max(64).default('csv'),
    externalId: z.string().trim().min(1).max(255),
  })
  .strict();

const externalLinks = z
  .array(ZExternalLink)
  .max(20)
  .refine((links) => new Set(links.map((l) => `${l.externalSystem}\u0000${l.externalId}`)).size === links.length, 'must not repeat a link');

export const ZCreateContact = z
  .object({
    orgId: z.string().uuid(),
    siteId: z.string().uuid().nullable().optional().describe('A site of the organization; omit or null for an organization-level contact'),
    name: text(255).optional(),
    email: email.optional(),
    phone: text(64).optional(),
    mobile: text(64).optional(),
    title: text(255).optional(),
    roles: roles.default([]),
    externalLinks: externalLinks.default([]).describe('Stable ids of this contact in source systems; (organization, externalSystem, externalId) is unique'),
  })
  .strict();

/** PATCH /orgs/contacts/:contactId — an explicit null clears a field; absent fields are kept. */
export const ZUpdateContact = z
  .object({
    siteId: z.string().uuid().nullable(),
    name: text(255),
    email,
    phone: text(64),
    mobile: text(64),
    title: text(255),
    roles: roles.describe('Replaces the list. Removing `portal` withdraws portal access at once'),
    externalLinks: externalLinks.nullable().describe('Replaces the links; null or [] removes them'),
  })
  .partial()
  .strict();

export const ZContactParams = z.object({ contactId: z.string().uuid() });

export const ZListContactsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  siteId: z.string().uuid().optional(),
  role: z.enum(CONTACT_ROLES).optional(),
  search: z.string().trim().max(255).optional().describe('Matches name, email, phone or mobile (case-insensitive)'),
});

export const PORTAL_STATUSES = ['invited', 'active', 'disabled'] as const;

export const ZContact = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  title: z.string().nullable(),
  roles: z.array(z.enum(CONTACT_ROLES)),
  externalLinks: z.array(z.object({ externalSystem: z.string(), externalId: z.string() })),
  portal: z
    .object({
      status: z.enum(PORTAL_STATUSES),
      invitedAt: ZTimestamp.nullable(),
      activatedAt: ZTimestamp.nullable(),
      lastLoginAt: ZTimestamp.nullable(),
    })
    .nullable()
    .describe('Portal access of the contact; null when never invited'),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Contact' });
export type TContact = z.infer<typeof ZContact>;
