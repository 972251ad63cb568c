// Device custom fields (doc 1 "Custom fields"): definitions partner-wide or per organization,
// values per device, optionally writable by scripts (doc 3 ::service:custom-fields:: lines).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'select'] as const;
export const FIELD_KEY_RE = /^[a-z][a-z0-9_]{0,63}$/;

export const ZCustomField = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid().nullable().describe('null: every organization of the partner'),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
  scriptWritable: z.boolean().describe('Scripts may set it with a ::service:custom-fields:: output line'),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'CustomField' });

const ZOptions = z.array(zText(255, 1)).max(100).transform((v) => [...new Set(v)]);

export const ZCreateCustomField = z
  .object({
    key: z.string().regex(FIELD_KEY_RE, 'Lowercase letters, digits and underscores, starting with a letter (max 64)'),
    name: zText(255, 1),
    description: zText(1000).nullable().optional(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: ZOptions.optional().describe('The allowed values of a select field'),
    scriptWritable: z.boolean().default(false),
    orgId: z.string().uuid().optional().describe('One organization’s field; omit for a partner-wide field (needs access to every organization)'),
    partnerId: z.string().uuid().optional().describe('System scope only, for a partner-wide field'),
  })
  .strict()
  .refine((v) => v.type !== 'select' || (v.options?.length ?? 0) > 0, { message: 'A select field needs options', path: ['options'] })
  .refine((v) => v.type === 'select' || !v.options?.length, { message: 'Only select fields take options', path: ['options'] });

export const ZUpdateCustomField = z
  .object({
    name: zText(255, 1).optional(),
    description: zText(1000).nullable().optional(),
    options: ZOptions.optional(),
    scriptWritable: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field');

export const ZListCustomFieldsQuery = z.object({
  orgId: z.string().uuid().optional().describe('Fields that apply to this organization (its own and the partner-wide ones)'),
});

export const ZDeviceCustomFieldValue = z.object({
  fieldId: z.string().uuid(),
  key: z.string(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  scriptWritable: z.boolean(),
  value: z.unknown().nullable(),
  source: z.string().nullable().describe('user, api or script'),
  updatedAt: ZTimestamp.nullable(),
}).meta({ id: 'DeviceCustomFieldValue' });

export const ZSetDeviceCustomFields = z
  .object({
    values: z
      .record(z.string().regex(FIELD_KEY_RE), z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]))
      .refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 200, '1 to 200 fields')
      .describe('Field key → value; null clears the value'),
  })
  .strict();
