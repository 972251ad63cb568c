import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ASSET_KINDS } from '@/lib/assets/schemas';

export const ZListPortalAssetsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  kind: z.enum(ASSET_KINDS).optional(),
  available: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')).describe('true: not checked out; false: checked out'),
  mine: z.enum(['true', 'false']).optional().transform((v) => v === 'true').describe('true: what I have checked out'),
  search: z.string().trim().max(255).optional(),
});

export const ZPortalAsset = z.object({
  id: z.string().uuid(),
  kind: z.enum(ASSET_KINDS),
  name: z.string(),
  assetTag: z.string().nullable(),
  serialNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  available: z.boolean(),
  checkout: z
    .object({ mine: z.boolean(), borrowerName: z.string().nullable(), checkedOutAt: ZTimestamp, dueBackAt: ZTimestamp.nullable() })
    .nullable()
    .describe('Who has it (a colleague’s name, or you) since when'),
}).meta({ id: 'PortalAsset' });
