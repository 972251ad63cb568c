// Doc 3 "Bulk import": organization/site rows and contact rows, their preview annotations and
// the commit summaries. The same row shapes serve preview and commit; the commit-only fields
// (acknowledgements) are accepted by preview too and ignored there, so a client can re-preview
// exactly what it is about to commit.
import { z } from 'zod';
import { zRawText, zText } from '@/lib/http/storable-text';
import { ZTimeZone } from '@/lib/tenancy/timezone';

export const MAX_IMPORT_ROWS = 1000;
/** 1,000 rows of a few bounded text fields each. */
export const IMPORT_MAX_BODY_BYTES = 8 * 1024 * 1024;
export const DEFAULT_EXTERNAL_SYSTEM = 'csv';

/** Trimmed text where a blank value means "not supplied". */
const optionalText = (max: number) =>
  zText(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const rows = <T extends z.ZodType>(row: T) =>
  z
    .array(row)
    .min(1, 'Send at least one row')
    .max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} rows per request`)
    .describe(`1 to ${MAX_IMPORT_ROWS} rows`);

export const ZImportMode = z
  .enum(['skip', 'update'])
  .default('skip')
  .describe('`skip` (default) leaves matched records untouched, so re-runs are idempotent; `update` patches only the fields present in the row');

const ZPartnerIdField = z.string().uuid().optional().describe('Required for system-scope callers (the partner imported into); ignored otherwise');

// ---------------------------------------------------------------- organizations and sites

export const ORG_ANNOTATIONS = ['create', 'link-match', 'name-match', 'matched-soft-deleted', 'conflict'] as const;
export type OrgAnnotation = (typeof ORG_ANNOTATIONS)[number];

export const ZOrgImportRow = z
  .object({
    organization: zText(255, 1).describe('Organization name; rows repeating it become one organization with many sites'),
    site: optionalText(255).describe('Site name; a group of rows naming no site gets one default site named after the organization'),
    externalId: optionalText(255).describe('Stable id of the organization in the source system: its durable identity'),
    externalSystem: optionalText(64).describe(`Source system of externalId (default \`${DEFAULT_EXTERNAL_SYSTEM}\`)`),
    timezone: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(ZTimeZone.optional())
      .describe('IANA time zone name'),
    address: optionalText(1000),
    contact: z
      .object({
        name: optionalText(255),
        email: z.string().trim().toLowerCase().max(255).email().optional().or(z.literal('').transform(() => undefined)),
        phone: optionalText(64),
      })
      .strict()
      .optional()
      .describe('Site contact'),
    expectedAnnotation: z.enum(ORG_ANNOTATIONS).optional().describe('Commit only: the annotation the preview showed; a row whose re-derived annotation differs fails with `annotation-changed`. Required to commit a `name-match`'),
    expectedOrganizationId: z.string().uuid().optional().describe('Commit only: the organization the preview matched; a row now resolving elsewhere fails with `match-changed`'),
    reactivate: z.boolean().optional().describe('Commit only: required to attach to a `matched-soft-deleted` organization (which is restored)'),
    forceCreate: z.boolean().optional().describe('Commit only: create a new organization instead of attaching to a name-matched or soft-deleted match'),
  })
  .strict();
export type TOrgImportRow = z.output<typeof ZOrgImportRow>;

export const ZOrgImportPreviewBody = z.object({ rows: rows(ZOrgImportRow), mode: ZImportMode.describe('Accepted and ignored, so a commit body can be previewed as is'), partnerId: ZPartnerIdField }).strict();
export const ZOrgImportBody = z.object({ rows: rows(ZOrgImportRow), mode: ZImportMode, partnerId: ZPartnerIdField }).strict();

export const ZOrgImportPreview = z.object({
  rows: z.array(
    z.object({
      index: z.number().int().describe('Position of the row in the request'),
      annotation: z.enum(ORG_ANNOTATIONS),
      organization: z.string(),
      organizationId: z.string().uuid().optional().describe('The matched organization (echo it as expectedOrganizationId)'),
      matchedOrganizationName: z.string().optional(),
      conflictReason: z.string().optional(),
    }),
  ),
});

export const ORG_IMPORT_ERROR_CODES = ['row-conflict', 'annotation-changed', 'match-changed', 'match-unconfirmed', 'write-failed'] as const;
export type OrgImportErrorCode = (typeof ORG_IMPORT_ERROR_CODES)[number];

const ZOrgImportError = z.object({ index: z.number().int(), organization: z.string(), code: z.enum(ORG_IMPORT_ERROR_CODES), message: z.string() });

export const ZOrgImportResult = z.object({
  imported: z.array(
    z.object({
      index: z.number().int(),
      organization: z.string(),
      organizationId: z.string().uuid(),
      slug: z.string(),
      siteId: z.string().uuid().nullable(),
      siteName: z.string().nullable(),
      createdOrganization: z.boolean().describe('True on the first row of the group, the one that created the organization'),
    }),
  ),
  updated: z.array(
    z.object({
      index: z.number().int(),
      organization: z.string(),
      organizationId: z.string().uuid(),
      siteId: z.string().uuid().nullable(),
      siteName: z.string().nullable(),
      createdSite: z.boolean(),
      reactivated: z.boolean(),
      linked: z.boolean().describe('The row’s external link was attached to the matched organization'),
    }),
  ),
  skipped: z.array(
    z.object({
      index: z.number().int(),
      organization: z.string(),
      organizationId: z.string().uuid(),
      reason: z.enum(['already-linked', 'name-match-confirmed']),
      linked: z.boolean(),
    }),
  ),
  errors: z.array(ZOrgImportError),
});
export type TOrgImportResult = z.output<typeof ZOrgImportResult>;

// ---------------------------------------------------------------- contacts

export const CONTACT_ANNOTATIONS = ['create', 'link-match', 'email-match', 'name-match', 'conflict', 'org-not-found'] as const;
export type ContactAnnotation = (typeof CONTACT_ANNOTATIONS)[number];

/**
 * An identifier column as sent. The request fails (400) when no identifier column carries any
 * text; a row whose identifiers are only whitespace passes, and fails on its own with
 * `no-identifier` when the merged contact would have none (blank never clears stored data).
 */
const identifier = (max: number) =>
  zRawText(max)
    .nullable()
    .optional()
    .transform((v) => v ?? undefined);
const IDENTIFIERS = ['name', 'email', 'phone', 'mobile'] as const;

export const ZContactImportRow = z
  .object({
    organizationId: z.string().uuid().optional().describe('The contact’s organization; wins over `organization`'),
    organization: optionalText(255).describe('Organization name, resolved within the caller’s partner'),
    site: optionalText(255).describe('Site name within that organization; omit for an organization-level contact'),
    name: identifier(255),
    email: identifier(255).refine((v) => !v?.trim() || z.string().email().safeParse(v.trim()).success, 'Invalid email address'),
    phone: identifier(64),
    mobile: identifier(64),
    title: optionalText(255),
    roles: z.array(zText(64)).max(20).optional().describe('From `billing`, `technical`, `escalation`, `admin`, `site`, `after_hours`, `portal` (others fail the row with `invalid-role`); replaces the stored roles only when non-empty'),
    externalId: optionalText(255).describe('Stable id of the contact in the source system, stored as an external link'),
    externalSystem: optionalText(64).describe(`Default \`${DEFAULT_EXTERNAL_SYSTEM}\``),
    expectedAnnotation: z.enum(CONTACT_ANNOTATIONS).optional().describe('Commit only: the annotation the preview showed; required (with expectedContactId) to apply an `email-match` or `name-match`'),
    expectedContactId: z.string().uuid().optional().describe('Commit only: the contact the preview named'),
  })
  .strict()
  .superRefine((row, issue) => {
    if (!row.organizationId && !row.organization) issue.addIssue({ code: 'custom', path: ['organizationId'], message: 'organizationId or organization is required' });
    if (!IDENTIFIERS.some((k) => row[k])) {
      issue.addIssue({ code: 'custom', path: ['name'], message: 'A contact needs at least one of name, email, phone or mobile' });
    }
  });
export type TContactImportRow = z.output<typeof ZContactImportRow>;

export const ZContactImportPreviewBody = z.object({ rows: rows(ZContactImportRow), mode: ZImportMode.describe('Accepted and ignored, so a commit body can be previewed as is'), partnerId: ZPartnerIdField }).strict();
export const ZContactImportBody = z.object({ rows: rows(ZContactImportRow), mode: ZImportMode, partnerId: ZPartnerIdField }).strict();

export const ZContactImportPreview = z.object({
  rows: z.array(
    z.object({
      index: z.number().int(),
      annotation: z.enum(CONTACT_ANNOTATIONS),
      organizationId: z.string().uuid().optional().describe('The resolved organization'),
      contactId: z.string().uuid().optional().describe('The matched contact (echo it as expectedContactId)'),
      matchedContactName: z.string().nullable().optional(),
      conflictReason: z.string().optional(),
      warning: z.string().optional().describe('Non-fatal: the row still applies as annotated'),
    }),
  ),
});

export const CONTACT_IMPORT_ERROR_CODES = [
  'row-conflict',
  'org-not-found',
  'annotation-changed',
  'match-changed',
  'match-unconfirmed',
  'no-identifier',
  'invalid-role',
  'site-not-in-org',
  'write-failed',
] as const;
export type ContactImportErrorCode = (typeof CONTACT_IMPORT_ERROR_CODES)[number];

const ZContactOutcome = z.object({ index: z.number().int(), contactId: z.string().uuid(), organizationId: z.string().uuid() });
export const ZContactImportResult = z.object({
  imported: z.array(ZContactOutcome.extend({ warning: z.string().optional() })),
  updated: z.array(ZContactOutcome),
  skipped: z.array(ZContactOutcome.extend({ reason: z.enum(['already-linked', 'match-confirmed']), linked: z.boolean() })),
  errors: z.array(z.object({ index: z.number().int(), code: z.enum(CONTACT_IMPORT_ERROR_CODES), message: z.string() })),
});
export type TContactImportResult = z.output<typeof ZContactImportResult>;
