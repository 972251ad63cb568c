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

  it('answers an unknown route with the plain 404 body', async () => {
    const res = await api.get('/definitely/not/a/route');
    expect(res.status).toBe(404);
    expect(res.text).toBe('{"error":"Not Found"}');
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
