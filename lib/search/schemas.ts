import { z } from 'zod';
import { zText } from '@/lib/http/storable-text';

export const SEARCH_TYPES = ['devices', 'users', 'organizations', 'scripts', 'alerts'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const ZSearchQuery = z.object({
  q: zText(100, 1).describe('Text to find (case-insensitive substring); at least one character'),
  types: z
    .string()
    .max(200)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SEARCH_TYPES)).min(1))
    .optional()
    .describe('Comma-separated subset of devices,users,organizations,scripts,alerts (default: all)'),
  limit: z.coerce.number().int().min(1).max(25).default(5).describe('Results per type'),
});
export type SearchQuery = z.output<typeof ZSearchQuery>;

export const ZSearchHit = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.string().uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  orgId: z.string().uuid().nullable(),
  url: z.string().describe('Console path of the record'),
}).meta({ id: 'SearchHit' });
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResult = z.object({
  q: z.string(),
  results: z.array(ZSearchHit).describe('Grouped by type in the order devices, organizations, users, alerts, scripts'),
  searched: z.array(z.enum(SEARCH_TYPES)).describe('Types actually searched: those requested that the caller may read and that exist on this server'),
});
