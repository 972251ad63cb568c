import { z } from 'zod';

export const ZIdParams = z.object({ id: z.string().uuid() });
export const ZPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }) });

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
