type Json = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Settings PATCH semantics (doc 1): only the keys sent are overwritten, at every depth, so a
 * PATCH that omits security.ipAllowlist keeps it; arrays and scalars are replaced whole.
 */
export function mergeSettings(current: unknown, patch: Json): Json {
  const base: Json = isPlainObject(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(patch)) {
    base[key] = isPlainObject(value) && isPlainObject(base[key]) ? mergeSettings(base[key], value) : value;
  }
  return base;
}
