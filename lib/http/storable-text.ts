// PostgreSQL stores neither U+0000 (text, jsonb) nor unpaired UTF-16 surrogates (jsonb rejects
// their \uD800-style escapes). User input carrying them is refused with a 400 here instead of
// failing in the database with a 500.
import { z } from 'zod';

export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && (s as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** Makes any string storable: drops U+0000, replaces unpaired surrogates with U+FFFD. */
export function toStorableText(s: string): string {
  if (isStorableText(s)) return s;
  const wellFormed = (s as unknown as { toWellFormed(): string }).toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '') : wellFormed;
}

/** toStorableText over every string and object key of a JSON value. */
export function toStorableValue<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map(toStorableValue) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[toStorableText(k)] = toStorableValue(v);
    return out as T;
  }
  return value;
}

const MESSAGE = 'Must be plain text (no NUL or unpaired surrogate characters)';

/** A trimmed string of bounded length that PostgreSQL can store. */
export function zText(max: number, min = 0) {
  return z.string().trim().min(min).max(max).refine(isStorableText, MESSAGE);
}

/** Like zText, without trimming (script bodies, arguments, environment values). */
export function zRawText(max: number, min = 0) {
  return z.string().min(min).max(max).refine(isStorableText, MESSAGE);
}
