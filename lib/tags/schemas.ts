import { z } from 'zod';
import { ZPageMeta } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';
import { ZDevice } from '@/lib/devices/schemas';

export const ZListTagsQuery = z.object({
  orgId: z.string().uuid().optional(),
  search: zText(100, 1).optional(),
});
export const ZTagList = z.object({ data: z.array(z.object({ tag: z.string(), deviceCount: z.number().int() })) });

export const ZTaggedDevicesQuery = z.object({
  tags: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(zText(100, 1)).min(1).max(50))
    .describe('One or more tags (comma-separated or repeated)'),
  match: z.enum(['any', 'all']).default('any'),
  orgId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const ZTaggedDevices = z.object({ data: z.array(ZDevice), pagination: ZPageMeta });
