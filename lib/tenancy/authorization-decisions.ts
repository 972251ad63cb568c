// The authorization backstop's ledger: which request contexts have had an authorization
// decision made on them. The route wrapper answers a request whose handler made none as a
// server fault (lib/http/define-route.ts), so a handler that forgets its scope fails loudly in
// tests instead of quietly answering with every tenant's rows.
//
// What counts as a decision:
// - the wrapper's permission check (a route with a permission other than 'none');
// - any tenancy predicate of lib/tenancy/scope.ts built for the context (the caller's scope is
//   then in the query's where);
// - requirePartnerScope (the partner API's own permission catalogue);
// - assertOwnAgent (an agent route acts on the agent's own device);
// - where there is no tenant scope to apply, an explicit, greppable statement: decideSelf in
//   the domain code (the caller acts only on itself: its user, session, notifications, portal
//   contact or partner) or, for routes without a tenant identity (sign-in, registration,
//   capability-token links, health), the route's `authorization: 'public'`.
//
// Keyed by the context object of one request (a WeakSet, so nothing outlives the request and
// nothing is shared between requests: every request authenticates to a fresh context).

const decided = new WeakSet<object>();

/** Records that an authorization decision was made for this request context. */
export function recordDecision(ctx: object): void {
  decided.add(ctx);
}

export function hasDecision(ctx: object): boolean {
  return decided.has(ctx);
}

/** Forgets any decision on the context: the wrapper starts every request undecided. */
export function clearDecision(ctx: object): void {
  decided.delete(ctx);
}

/**
 * The handler acts only on the caller itself, as its credential resolved it (its own user,
 * session, notifications, agent, portal contact or partner): that is the decision. `reason`
 * names the self, for the reader and for grep.
 */
export function decideSelf(ctx: object, reason: string): void {
  void reason;
  decided.add(ctx);
}

