// Doc 3 "Bulk import": organization/site rows and contact rows, their preview annotations and
// the commit summaries. The same row shapes serve preview and commit; the commit-only fields
// (acknowledgements) are accepted by preview too and ignored there, so a client can re-preview
// exactly what it is about to commit.
import { z } from 'zod';
import { zText } from '@/lib/http/storable-text';
import { ZTimeZone } from '@/lib/tenancy/timezone';

export const MAX_IMPORT_ROWS = 1000;
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

export const ZOrgImportPreviewBody = z.object({ rows: rows(ZOrgImportRow), partnerId: ZPartnerIdField }).strict();
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
