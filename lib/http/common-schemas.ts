import { z } from 'zod';

export const ZIdParams = z.object({ id: z.string().uuid() });

// Named (`.meta({ id })`) schemas become components of the OpenAPI document
// (lib/openapi/schema-components.ts); the names are part of generated clients' types.

/** An ISO 8601 date and time as the API writes it (`2026-11-27T03:30:16.000Z`). */
export const ZTimestamp = z.string().meta({ id: 'Timestamp', format: 'date-time', description: 'ISO 8601 date and time' });

/** `pagination` of a page-mode list. */
export const ZPageMeta = z
  .object({
    page: z.number().int().describe('1-based page number'),
    limit: z.number().int().describe('Page size'),
    total: z.number().int().describe('Every match, across all pages'),
  })
  .meta({ id: 'PageMeta' });

/** `pagination` of a cursor-mode list. */
export const ZCursorPageMeta = z
  .object({
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    limit: z.number().int().describe('Page size'),
  })
  .meta({ id: 'CursorPageMeta' });

export const ZPageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: ZPageMeta });

/** Serialized size a free-form JSON field may take unless its schema says otherwise. */
export const MAX_FREE_JSON_BYTES = 64 * 1024;

/**
 * A free-form JSON object (settings, configuration, payloads), bounded in size; its depth is
 * bounded for every body by the route wrapper (MAX_JSON_DEPTH).
 */
export function zJsonObject(maxBytes = MAX_FREE_JSON_BYTES) {
  return z
    .record(z.string(), z.unknown())
    .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= maxBytes, `At most ${maxBytes / 1024} KiB of JSON`);
}
