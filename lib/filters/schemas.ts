import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';
import { ZFilterRules } from '@/lib/device-filters/schemas';

export const FILTER_VISIBILITIES = ['private', 'shared'] as const;

const name = zText(255, 1);
const description = zText(1000);
const rules = ZFilterRules.describe('The rule tree: conditions on device fields, joined by all (AND) or any (OR), with nested groups');
const visibility = z.enum(FILTER_VISIBILITIES).describe('private: only its owner sees it; shared: everyone of the partner who sees its organization');

export const ZCreateFilter = z
  .object({
    name,
    description: description.nullable().optional(),
    rules,
    visibility: visibility.default('private'),
    orgId: z
      .string()
      .uuid()
      .nullable()
      .optional()
      .describe('Limits the filter to this organization’s devices (and its visibility to callers who see it). Omitted: partner-wide; organization-scoped callers always get their own organization'),
  })
  .strict()
  .meta({ id: 'CreateSavedFilter' });
export type CreateFilterInput = z.output<typeof ZCreateFilter>;

export const ZUpdateFilter = z
  .object({ name, description: description.nullable(), rules, visibility })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdateSavedFilter' });
export type UpdateFilterInput = z.output<typeof ZUpdateFilter>;

export const ZListFiltersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  visibility: z.enum(FILTER_VISIBILITIES).optional(),
  mine: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('Only the filters the caller owns'),
  orgId: z.string().uuid().optional().describe('Filters of this organization (partner-wide ones are not included)'),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
});
export type ListFiltersQuery = z.output<typeof ZListFiltersQuery>;

export const ZSavedFilter = z
  .object({
    id: z.string().uuid(),
    partnerId: z.string().uuid(),
    orgId: z.string().uuid().nullable(),
    ownerId: z.string().uuid(),
    visibility: z.enum(FILTER_VISIBILITIES),
    name: z.string(),
    description: z.string().nullable(),
    rules: ZFilterRules,
    createdById: z.string().uuid().nullable(),
    updatedById: z.string().uuid().nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SavedFilter' });
export type TSavedFilter = z.infer<typeof ZSavedFilter>;

export const ZPreviewFilterBody = z
  .object({
    rules,
    orgId: z.string().uuid().optional().describe('Only devices of this organization'),
  })
  .strict()
  .meta({ id: 'PreviewDeviceFilter' });
export type PreviewFilterBody = z.output<typeof ZPreviewFilterBody>;

export const ZPreviewFilterQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type PreviewFilterQuery = z.output<typeof ZPreviewFilterQuery>;
