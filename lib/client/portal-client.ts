// The portal's fetch client: the session rides in its HttpOnly cookie; every state-changing
// request echoes the CSRF token from the readable rmm_portal_csrf cookie. Errors become ApiError
// so components can branch on `code`.
import { ApiError } from '@/lib/client/api-client';

export { ApiError };

function csrfToken(): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith('rmm_portal_csrf='));
  return match ? decodeURIComponent(match.slice('rmm_portal_csrf='.length)) : '';
}

async function toError(res: Response): Promise<ApiError> {
  try {
    const body = await res.json();
    if (body && typeof body.error === 'object') return new ApiError(res.status, body.error.code, body.error.message, body.error.details);
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, 'HTTP_ERROR', `Request failed (${res.status})`);
}

export interface PortalRequest {
  method?: string;
  /** JSON-encoded, or sent as is when FormData (multipart with files). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
}

export async function portalApi<T>(path: string, opts: PortalRequest = {}): Promise<T> {
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const method = opts.method ?? 'GET';
  const form = opts.body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(opts.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'x-csrf-token': csrfToken() } : {}),
    },
    body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  if (!res.ok) throw await toError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
