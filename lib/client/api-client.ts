// The console's one fetch client: adds the access token, refreshes it through the HTTP-only
// refresh cookie when it expires (one refresh at a time), and turns the error envelope into
// ApiError so components can branch on `code`.
//
// Session expiry never loses work: when the refresh cookie is gone too, the session becomes
// `expired` (the page stays mounted, a sign-in dialog opens) and the failed request waits for
// the person to sign in again, then is sent once more. A 403 MFA_REQUIRED likewise waits for the
// step-up dialog (code or enrolment) and is retried with the new, MFA-satisfied token.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type AuthState = 'signedIn' | 'signedOut' | 'expired';

let accessToken: string | null = null;
let authState: AuthState = 'signedOut';
let refreshing: Promise<boolean> | null = null;
/**
 * Set when the person signs out, until they sign in again: the pages still mounted while the
 * console leaves for the sign-in page would otherwise refetch their data with no credentials,
 * each request answered 401. Such requests now fail here, without reaching the server.
 */
let abandoned = false;
const listeners = new Set<(signedIn: boolean) => void>();
const stateListeners = new Set<(state: AuthState) => void>();
let reauthWaiters: Array<(ok: boolean) => void> = [];
let mfaWaiters: Array<(ok: boolean) => void> = [];
const mfaListeners = new Set<(pending: boolean) => void>();
/** Requests on the wire, so signing out can let them finish before the session is revoked. */
const inFlight = new Set<Promise<unknown>>();

function setState(next: AuthState) {
  authState = next;
  stateListeners.forEach((l) => l(next));
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
  if (token !== null) abandoned = false;
  setState(token !== null ? 'signedIn' : 'signedOut');
  listeners.forEach((l) => l(token !== null));
  const waiting = reauthWaiters;
  reauthWaiters = [];
  waiting.forEach((w) => w(token !== null));
}

/** The session ended under the person's feet (refresh cookie expired or revoked). */
function expire(): void {
  accessToken = null;
  setState('expired');
}

export function getAuthState(): AuthState {
  return authState;
}

export function onAuthChange(listener: (signedIn: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onAuthStateChange(listener: (state: AuthState) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function hasAccessToken(): boolean {
  return accessToken !== null;
}

/** A refresh the server could not answer now (busy, restarting, unreachable): not an answer. */
const isTransient = (res: Response | null) => res === null || res.status === 429 || res.status >= 500;
const REFRESH_ATTEMPTS = 5;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Exchanges the refresh cookie for a new access token; false when the session is gone. Only the
 * server's refusal ends the session: a busy or restarting server (429, 5xx with Retry-After, a
 * dropped connection) is asked again with backoff, and if it never answers the state is left as
 * it was instead of sending the person to sign in.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const post = () =>
        fetch('/api/v1/auth/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' }).catch(() => null);
      let res = await post();
      for (let attempt = 1; isTransient(res) && attempt < REFRESH_ATTEMPTS; attempt++) {
        const retryAfter = Number(res?.headers.get('retry-after'));
        await wait(Math.min(10_000, retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** attempt));
        res = await post();
      }
      if (res === null || isTransient(res)) return false;
      // Another tab may be refreshing the same cookie right now (the server answers such a race
      // with a plain 401 and no revocation): once it has stored the new cookie, ours works.
      if (res.status === 401) res = (await wait(400).then(post)) ?? res;
      if (!res.ok) {
        if (authState === 'signedIn') expire();
        else if (authState !== 'expired') setAccessToken(null);
        return false;
      }
      const body = (await res.json()) as { accessToken: string };
      setAccessToken(body.accessToken);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Resolves true once the person has signed in again (setAccessToken), false if they gave up. */
function waitForReauth(): Promise<boolean> {
  return new Promise((resolve) => reauthWaiters.push(resolve));
}

/**
 * Signs out: no new request leaves, the ones already on the wire finish (at most `drainMs`),
 * then the session is revoked. Revoking first would answer those requests 401 on their way.
 */
export async function signOutSession(drainMs = 3000): Promise<void> {
  abandoned = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
  await api('/auth/logout', { method: 'POST', body: {}, noRecovery: true }).catch(() => undefined);
  abandonSession();
}

/** The expired-session dialog's "sign out instead": fails every waiting request. */
export function abandonSession(): void {
  accessToken = null;
  abandoned = true;
  const waiting = reauthWaiters;
  reauthWaiters = [];
  waiting.forEach((w) => w(false));
  setState('signedOut');
  listeners.forEach((l) => l(false));
}

export function onMfaPending(listener: (pending: boolean) => void): () => void {
  mfaListeners.add(listener);
  return () => mfaListeners.delete(listener);
}

function waitForMfa(): Promise<boolean> {
  const first = mfaWaiters.length === 0;
  const p = new Promise<boolean>((resolve) => mfaWaiters.push(resolve));
  if (first) mfaListeners.forEach((l) => l(true));
  return p;
}

/** The step-up dialog finished: true after a successful verification (new token set). */
export function settleMfa(ok: boolean): void {
  const waiting = mfaWaiters;
  mfaWaiters = [];
  waiting.forEach((w) => w(ok));
  mfaListeners.forEach((l) => l(false));
}

export async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = await res.json();
    if (body && typeof body.error === 'object') return new ApiError(res.status, body.error.code, body.error.message, body.error.details);
    if (body && typeof body.error === 'string') return new ApiError(res.status, 'NOT_FOUND', body.error);
    // A pass-through body of another system (the distributor's preflight rejection): keep its words.
    if (body && typeof body.message === 'string') return new ApiError(res.status, 'UPSTREAM_REJECTED', body.message, body.details ?? []);
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, 'HTTP_ERROR', `Request failed (${res.status})`);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sent as multipart instead of JSON (uploads). */
  form?: FormData;
  /** Sent as the raw body, application/octet-stream (installer uploads). */
  raw?: Blob;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Do not wait for re-authentication or MFA step-up (sign-in forms themselves). */
  noRecovery?: boolean;
}

export function apiUrl(path: string, query: RequestOptions['query'] = {}): URL {
  const url = new URL(`/api/v1${path}`, window.location.origin);
  // Empty values are left out, except `cursor`: an empty cursor selects cursor paging's first page.
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && (v !== '' || k === 'cursor')) url.searchParams.set(k, String(v));
  return url;
}

/** Sends a request with the recovery rules above and returns the successful Response. */
export async function apiFetch(path: string, opts: RequestOptions = {}): Promise<Response> {
  if (abandoned && !path.startsWith('/auth/') && !path.startsWith('/public/') && !path.startsWith('/sso/')) throw new ApiError(401, 'UNAUTHORIZED', 'Signed out');
  const url = apiUrl(path, opts.query);
  const send = () => {
    const p = fetch(url, {
      method: opts.method ?? 'GET',
      headers: {
        ...(opts.body !== undefined && !opts.form && !opts.raw ? { 'content-type': 'application/json' } : {}),
        ...(opts.raw ? { 'content-type': 'application/octet-stream' } : {}),
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: opts.form ?? opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      credentials: 'same-origin',
      signal: opts.signal,
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };
  const recover = !opts.noRecovery && !path.startsWith('/auth/');
  let res = await send();
  if (res.status === 401 && recover && (authState === 'signedIn' || authState === 'expired')) {
    if (authState === 'signedIn' && (await refreshAccessToken())) res = await send();
    else if (getAuthState() === 'expired' && (await waitForReauth())) res = await send();
  }
  if (res.status === 403 && recover) {
    const err = await toApiError(res.clone());
    if (err.code === 'MFA_REQUIRED' && (await waitForMfa())) res = await send();
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Fetches an authenticated binary (attachment content) as an object URL. */
export async function apiObjectUrl(path: string): Promise<string> {
  const res = await apiFetch(path);
  return URL.createObjectURL(await res.blob());
}
