import { describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePlatformAdmin, tokenFor } from '../helpers/factories';

describe('health, unknown routes and the error envelope', () => {
  it('reports ok with the database reachable', async () => {
    const res = await api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a well-formed incoming request id', async () => {
    const res = await api.get('/health', { headers: { 'x-request-id': 'trace-abc_123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc_123');
  });

  it('answers an unknown route with 404 and a method a route does not serve with 405, both in the envelope', async () => {
    for (const path of ['/definitely/not/a/route', '/devices/../', '/orgs/organizations/../../nope/']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), details: [] } });
    }
    const res = await api.delete('/health');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.body).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String), details: { allow: ['GET', 'HEAD', 'OPTIONS'] } } });
    expect((await api.put('/devices/00000000-0000-4000-8000-000000000000/../')).status).toBe(405);
  });

  it('refuses a JSON body sent without a JSON content type with 415, and takes an empty body without one', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await api.post('/auth/login', { rawBody: '{"email":"a@b.co","password":"x"}', headers });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const charset = await api.post('/auth/login', { rawBody: '{"email":"a@b.co"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.body.error.code).toBe('VALIDATION_ERROR');
    const empty = await api.post('/auth/login', {});
    expect(empty.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses NUL and unpaired surrogates anywhere in the input with a 400 naming the field', async () => {
    const body = await api.post('/auth/login', { rawBody: '{"email":"a\\u0000@b.co","password":"\\ud800"}', headers: { 'content-type': 'application/json' } });
    expect(body.status).toBe(400);
    expect(body.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.email', 'body.password']);
    const token = await tokenFor(await makePlatformAdmin());
    const query = await api.get('/orgs/partners?search=a%00b', { token });
    expect(query.status).toBe(400);
    expect(query.body.error.details[0].path).toBe('query.search');
    const param = await api.get('/orgs/partners/a%00b', { token });
    expect(param.status).toBe(400);
    expect(param.body.error.details[0].path).toBe('params.id');
  });

  it('refuses JSON nested deeper than the bound with 400', async () => {
    const deep = `{"name":"x","settings":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`;
    const res = await api.post('/auth/login', { rawBody: deep, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ code: 'too_deep' });
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await api.post('/auth/login', { rawBody: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'INVALID_JSON', message: expect.any(String), details: [] } });
  });

  it('a client that hangs up mid-body gets 499 (logged as a closed request), not an unhandled 500', async () => {
    const hangUp = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":"half@a.bo'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const res = await api.post('/auth/login', { rawBody: hangUp, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(499);
  });

  it('answers zod failures with VALIDATION_ERROR and per-field details', async () => {
    const res = await api.post('/auth/login', { body: { email: 'a@b.c' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'body.password' })]);
  });

  it('answers a malformed id in the path like a missing record', async () => {
    const token = await tokenFor(await makePlatformAdmin());
    const res = await api.get('/orgs/partners/not-a-uuid', { token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses requests without credentials with 401', async () => {
    const res = await api.get('/users/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a forged token', async () => {
    const res = await api.get('/users/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.xxx' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_TOKEN');
  });
});
