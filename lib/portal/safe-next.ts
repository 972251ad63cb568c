/** Where to go after sign-in: only paths inside the portal are followed (no open redirect). */
export function safeNext(next: string | undefined | null): string {
  return next && /^\/portal\/[\w\-/]*$/.test(next) && !next.includes('//') ? next : '/portal/tickets';
}
