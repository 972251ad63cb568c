// The filter of an event trigger: `{ "<path>": expected }` over the event's data, where a path
// is dot-separated (`deviceId`, `context.metric`) and expected is a scalar (equality) or an
// array of scalars (any of them). Every entry must match; an empty filter matches every event
// of the type. A missing path matches only an expected `null`.

export type FilterScalar = string | number | boolean | null;
export type EventFilter = Record<string, FilterScalar | FilterScalar[]>;

export function readPath(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function same(actual: unknown, expected: FilterScalar): boolean {
  if (expected === null) return actual === null || actual === undefined;
  // An array value in the event (e.g. tags) matches when it contains the expected scalar.
  if (Array.isArray(actual)) return actual.some((a) => a === expected);
  return actual === expected;
}

export function matchesEventFilter(filter: EventFilter, data: unknown): boolean {
  return Object.entries(filter).every(([path, expected]) => {
    const actual = readPath(data, path);
    return Array.isArray(expected) ? expected.some((e) => same(actual, e)) : same(actual, expected);
  });
}
