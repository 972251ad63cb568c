// The explicit lists of the tenancy contract suites, checked against the route index by the
// suites themselves (an entry for an operation that no longer exists, or is covered after all,
// fails them).

/** Operations with a path id the suites cannot probe automatically, and why. */
export const UNCOVERED_PATH_OPS: Record<string, string> = {};

/** Inputs the zod schema cannot show (refinements across fields, formats the JSON Schema omits). */
type Input = (ids: Record<string, string>) => unknown;
export const PATH_INPUTS: Record<string, { body?: Input; query?: Input }> = {
  'PUT /devices/{id}/custom-fields': { body: (ids) => ({ values: { [ids.customFieldKey]: 'tenancy probe' } }) },
  'POST /tickets/{id}/comments': { body: () => ({ content: 'tenancy probe' }) },
};

/**
 * Findings of the suites tolerated because another change fixes them; the entry goes once that
 * change is merged (the suite then reports it as stale). Key: "METHOD /path" or
 * "METHOD /path?filter" for a list filter.
 */
export const KNOWN_DEFECTS: Record<string, string> = {};
