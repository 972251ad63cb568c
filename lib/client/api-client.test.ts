// The console's fetch client: token refresh, session expiry that waits for re-authentication
// instead of failing (so a half-filled form is submitted once the person signs in again), and the
// MFA step-up retry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const calls: { url: string; auth: string | null; method: string }[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  vi.stubGlobal('window', { location: { origin: 'http://console.test' } });
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.authorization ?? null, method: init.method ?? 'GET' });
    return handler(url, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

const load = () => import('@/lib/client/api-client');
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('api client', () => {
  it('turns the error envelope into ApiError', async () => {
    const client = await load();
    handler = () => json(409, { error: { code: 'ALREADY_ACKNOWLEDGED', message: 'Already acknowledged by Ann', details: { by: 'Ann' } } });
    client.setAccessToken('t1');
    const err = await client.api('/alerts/1/acknowledge', { method: 'POST', body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({ status: 409, code: 'ALREADY_ACKNOWLEDGED', message: 'Already acknowledged by Ann', details: { by: 'Ann' } });
  });

  it('retries a refresh that lost a race with another tab, then resends', async () => {
    const client = await load();
    let refreshes = 0;
    handler = (url, init) => {
      if (url.endsWith('/auth/refresh')) return ++refreshes === 1 ? json(401, { error: { code: 'INVALID_REFRESH_TOKEN', message: 'raced' } }) : json(200, { accessToken: 't2' });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer t2' ? json(200, { ok: true }) : json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    };
    client.setAccessToken('t1');
    await expect(client.api('/devices')).resolves.toEqual({ ok: true });
    expect(client.getAuthState()).toBe('signedIn');
    expect(refreshes).toBe(2);
  });

  it('asks a busy server again instead of ending the session, honouring Retry-After', async () => {
    const client = await load();
    let refreshes = 0;
    handler = (url, init) => {
      if (url.endsWith('/auth/refresh')) {
        refreshes += 1;
        if (refreshes === 1) return new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }), { status: 503, headers: { 'retry-after': '2' } });
        if (refreshes === 2) throw new TypeError('network down');
        return json(200, { accessToken: 't2' });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer t2' ? json(200, { ok: true }) : json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    };
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      client.setAccessToken('t1');
      const result = client.api('/devices');
      await vi.runAllTimersAsync();
      await expect(result).resolves.toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
    expect(refreshes).toBe(3);
    expect(client.getAuthState()).toBe('signedIn');
  });

  it('leaves the state alone when the server never answers the refresh', async () => {
    const client = await load();
    handler = () => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    client.setAccessToken('t1');
    try {
      const result = client.refreshAccessToken();
      await vi.runAllTimersAsync();
      await expect(result).resolves.toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(5);
    // Not "expired": no sign-in dialog over a busy server; the next request tries again.
    expect(client.getAuthState()).toBe('signedIn');
  });

  it('refreshes an expired access token once and resends', async () => {
    const client = await load();
    handler = (url, init) => {
      if (url.endsWith('/auth/refresh')) return json(200, { accessToken: 't2' });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer t2' ? json(200, { ok: true }) : json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    };
    client.setAccessToken('t1');
    await expect(client.api('/devices')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url.replace('http://console.test', '').replace('/api/v1', ''))).toEqual(['/devices', '/auth/refresh', '/devices']);
  });

  it('keeps a mutation waiting while the session is expired and sends it after the person signs in again', async () => {
    const client = await load();
    let fresh = false;
    handler = (url, init) => {
      if (url.endsWith('/auth/refresh')) return json(401, { error: { code: 'UNAUTHORIZED', message: 'session ended' } });
      const auth = (init.headers as Record<string, string>).authorization;
      if (auth === 'Bearer t-new') {
        fresh = true;
        return json(201, { id: 'ticket-1' });
      }
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } });
    };
    const states: string[] = [];
    client.onAuthStateChange((s) => states.push(s));
    client.setAccessToken('t-old');
    let settled = false;
    const pending = client.api<{ id: string }>('/tickets', { method: 'POST', body: { subject: 'half-typed' } }).then((r) => {
      settled = true;
      return r;
    });
    // The refresh is tried twice (the second after a pause, in case another tab was mid-refresh).
    await vi.waitFor(() => expect(client.getAuthState()).toBe('expired'), { timeout: 3000, interval: 20 });
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(2);
    expect(settled).toBe(false);
    client.setAccessToken('t-new'); // the re-authentication dialog signed in
    await expect(pending).resolves.toEqual({ id: 'ticket-1' });
    expect(fresh).toBe(true);
    expect(states).toEqual(['signedIn', 'expired', 'signedIn']);
    const posts = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/tickets'));
    expect(posts.map((c) => c.auth)).toEqual(['Bearer t-old', 'Bearer t-new']);
  });

  it('fails the waiting request when the person signs out instead', async () => {
    const client = await load();
    handler = (url) => (url.endsWith('/auth/refresh') ? json(401, { error: { code: 'UNAUTHORIZED', message: 'gone' } }) : json(401, { error: { code: 'UNAUTHORIZED', message: 'expired' } }));
    client.setAccessToken('t-old');
    const pending = client.api('/devices').catch((e) => e);
    await flush();
    await flush();
    client.abandonSession();
    expect(await pending).toMatchObject({ status: 401 });
    expect(client.getAuthState()).toBe('signedOut');
  });

  it('waits for the MFA step-up on 403 MFA_REQUIRED and resends with the new token', async () => {
    const client = await load();
    handler = (_url, init) => {
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer t-mfa' ? json(201, { id: 'u1' }) : json(403, { error: { code: 'MFA_REQUIRED', message: 'MFA required' } });
    };
    const pendingFlags: boolean[] = [];
    client.onMfaPending((p) => pendingFlags.push(p));
    client.setAccessToken('t-plain');
    const pending = client.api('/users/invite', { method: 'POST', body: {} });
    await flush();
    expect(pendingFlags).toEqual([true]);
    client.setAccessToken('t-mfa');
    client.settleMfa(true);
    await expect(pending).resolves.toEqual({ id: 'u1' });
    expect(pendingFlags).toEqual([true, false]);
  });

  it('leaves empty query values out, except an empty cursor (first page of cursor paging)', async () => {
    const client = await load();
    const url = client.apiUrl('/devices', { cursor: '', search: '', status: undefined, limit: 200, orgId: null });
    expect(url.search).toBe('?cursor=&limit=200');
  });

  it('does not wait on the sign-in routes themselves', async () => {
    const client = await load();
    handler = () => json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } });
    await expect(client.api('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(calls).toHaveLength(1);
  });
});

describe('error bodies', () => {
  it('reads the envelope, and keeps the words of a pass-through body of another system (distributor preflight 422)', async () => {
    const { toApiError } = await load();
    const envelope = await toApiError(json(409, { error: { code: 'SUBMIT_CONFLICT', message: 'Another submit claimed this order', details: [] } }));
    expect(envelope).toMatchObject({ status: 409, code: 'SUBMIT_CONFLICT', message: 'Another submit claimed this order' });
    const upstream = await toApiError(json(422, { type: 'ValidationError', status: 422, message: 'Missing provisioning detail', details: [{ field: 'tenantDomain', message: 'required' }] }));
    expect(upstream).toMatchObject({ status: 422, code: 'UPSTREAM_REJECTED', message: 'Missing provisioning detail', details: [{ field: 'tenantDomain', message: 'required' }] });
    const text = await toApiError(new Response('plain text', { status: 422 }));
    expect(text).toMatchObject({ code: 'HTTP_ERROR', message: 'Request failed (422)' });
  });
});
