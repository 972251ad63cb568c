// Tolerant parsing for agent payloads: an invalid optional field is dropped (and reported back),
// never a rejected heartbeat. Fields wrap their schema in `tolerant()`; after parsing,
// `takeDropped()` removes the markers and names the dropped paths.
import { z } from 'zod';

const DROPPED: unique symbol = Symbol('dropped');

/** The field's value when valid, otherwise a marker that takeDropped() removes. */
export function tolerant<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(() => DROPPED as never);
}

/** Strips drop markers from a parsed value in place; returns the dotted paths that were dropped. */
export function takeDropped(value: unknown, prefix = ''): string[] {
  const dropped: string[] = [];
  if (!value || typeof value !== 'object') return dropped;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (v === DROPPED) {
      delete (value as Record<string, unknown>)[key];
      dropped.push(path);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      dropped.push(...takeDropped(v, path));
    }
  }
  return dropped;
}
