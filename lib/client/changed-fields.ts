// Edit forms send only what the person changed. A PATCH that echoes every field writes back
// whatever the form happened to show, including a select that rendered before its options
// loaded (it shows its first option, "No site", and Save would store that). Comparing the values
// the form started from with the values it holds now keeps every untouched field out of the body.
//
// A field whose current value is `undefined` is treated as untouched: forms pass `undefined` for
// a select whose options have not loaded (see `whenLoaded`), so it can never overwrite the record.

/** Structural equality for the JSON-like values forms hold (primitives, arrays, plain objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Keys holding `undefined` are absent once serialised, so they do not count as a difference.
  const keys = new Set([...Object.keys(left), ...Object.keys(right)].filter((k) => left[k] !== undefined || right[k] !== undefined));
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}

/** The keys of `current` whose values differ from `initial`; `undefined` values are never sent. */
export function changedFields<T extends Record<string, unknown>>(initial: T, current: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    const value = current[key];
    if (value === undefined || sameValue(initial[key], value)) continue;
    out[key] = value;
  }
  return out;
}

/** Whether `current` differs from `initial` in any field that would be sent. */
export function hasChanges<T extends Record<string, unknown>>(initial: T, current: T): boolean {
  return Object.keys(changedFields(initial, current)).length > 0;
}

/** A select's value, or `undefined` (untouched) while its options are still loading. */
export function whenLoaded<V>(loaded: boolean, value: V): V | undefined {
  return loaded ? value : undefined;
}
