// The registration switches and limits: ENABLE_REGISTRATION, per-IP rate limits (through
// trusted proxies only) and failing closed when the limit store is unavailable. Env changes are
// undone after each test; the broken table exists only in this file's own database.
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { db } from '@/lib/db';
import { parseFlag, resetEnvCache } from '@/lib/env';
import { NOT_FOUND_BODY, plainNotFound } from '@/lib/http/not-found';

const STRONG = 'Sturdy-Passw0rd!';
let seq = 0;
const partnerBody = () => ({ companyName: `Limits Co ${++seq}`, name: 'Lee', email: `limits-${seq}-${Date.now()}@example.test`, password: STRONG, acceptTerms: true });
const userBody = () => ({ name: 'Lee', email: `limits-user-${++seq}-${Date.now()}@example.test`, password: STRONG, acceptTerms: true });
let ipCounter = 0;
const nextIp = () => `198.19.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(() => setEnv({ ENABLE_REGISTRATION: undefined, TRUST_PROXY_HEADERS: undefined, TRUSTED_PROXY_CIDRS: undefined }));

describe('ENABLE_REGISTRATION', () => {
  it('parses 1/true/yes/on and 0/false/no/off in any case, defaulting to true', () => {
    for (const v of ['1', 'true', 'yes', 'on', 'TRUE', ' On ', 'Yes']) expect(parseFlag(v, false)).toBe(true);
    for (const v of ['0', 'false', 'no', 'off', 'FALSE', ' Off ', 'No']) expect(parseFlag(v, true)).toBe(false);
    expect(parseFlag(undefined, true)).toBe(true);
    expect(parseFlag('maybe', true)).toBe(true);
  });

  it('when off, both registration routes answer doc 1’s plain 404 byte for byte, whatever the body', async () => {
    // Doc 1 fixes this body; other unknown paths answer the error envelope.
    const unknown = plainNotFound();
    expect(await unknown.clone().text()).toBe(NOT_FOUND_BODY);
    expect(NOT_FOUND_BODY).toBe('{"error":"Not Found"}');
    const unknownBytes = new Uint8Array(await unknown.clone().arrayBuffer());
    for (const value of ['0', 'false', 'no', 'off', 'OFF', ' False ']) {
      setEnv({ ENABLE_REGISTRATION: value });
      for (const [path, body] of [
        ['/auth/register-partner', partnerBody()],
        ['/auth/register', userBody()],
        ['/auth/register-partner', { nonsense: true }],
        ['/auth/register', undefined],
      ] as const) {
        const res = await api.post(path, { body, ip: nextIp() });
        expect(res.status, `${path} with ENABLE_REGISTRATION=${value}`).toBe(404);
        expect(Buffer.from(res.bytes).equals(Buffer.from(unknownBytes))).toBe(true);
        expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
        expect(res.headers.get('x-request-id')).toBeNull();
      }
      const malformed = await api.post('/auth/register-partner', { rawBody: '{not json', headers: { 'content-type': 'application/json' }, ip: nextIp() });
      expect(malformed.text).toBe(NOT_FOUND_BODY);
    }
    expect(await db.pendingRegistration.count()).toBe(0);
  });

  it('when on (any truthy spelling, or unset, or unrecognised), registration is served', async () => {
    for (const value of ['1', 'true', 'yes', 'on', 'YES', undefined, 'banana']) {
      setEnv({ ENABLE_REGISTRATION: value });
      expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: nextIp() })).status).toBe(200);
      expect((await api.post('/auth/register', { body: userBody(), ip: nextIp() })).status).toBe(200);
    }
  });
});

describe('rate limits per client IP', () => {
  it('register-partner: 3 per hour, then 429 saying too many registration attempts', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await api.post('/auth/register-partner', { body: partnerBody(), ip })).status).toBe(200);
    const limited = await api.post('/auth/register-partner', { body: partnerBody(), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/too many registration attempts/i);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another address is unaffected; so are user registration and verification from this one.
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: nextIp() })).status).toBe(200);
    expect((await api.post('/auth/register', { body: userBody(), ip })).status).toBe(200);
    expect((await api.post('/auth/verify-email', { body: { token: 'nope' }, ip })).status).toBe(400);
  });

  it('register: 5 per hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await api.post('/auth/register', { body: userBody(), ip })).status).toBe(200);
    const limited = await api.post('/auth/register', { body: userBody(), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/too many registration attempts/i);
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip })).status).toBe(200);
  });

  it('verify-email: its own limit (VERIFY_EMAIL_RATE_LIMIT_PER_HOUR), counting failed tokens', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await api.post('/auth/verify-email', { body: { token: `guess-${i}` }, ip })).status).toBe(400);
    const limited = await api.post('/auth/verify-email', { body: { token: 'guess-x' }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/too many registration attempts/i);
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip })).status).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    setEnv({ TRUST_PROXY_HEADERS: 'true', TRUSTED_PROXY_CIDRS: '10.77.0.0/16' });
    // Behind the trusted proxy each forwarded client has its own budget.
    const client = nextIp();
    for (let i = 0; i < 3; i++) {
      expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: '10.77.0.5', headers: { 'x-forwarded-for': client } })).status).toBe(200);
    }
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: '10.77.0.5', headers: { 'x-forwarded-for': client } })).status).toBe(429);
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: '10.77.0.5', headers: { 'x-forwarded-for': nextIp() } })).status).toBe(200);
    // A direct client cannot escape its limit by inventing X-Forwarded-For values.
    const direct = nextIp();
    for (let i = 0; i < 3; i++) {
      expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: direct, headers: { 'x-forwarded-for': nextIp() } })).status).toBe(200);
    }
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: direct, headers: { 'x-forwarded-for': nextIp() } })).status).toBe(429);
  });
});

describe('limit store unavailable', () => {
  it('fails closed with 503 on register, register-partner and verify-email, parking nothing', async () => {
    const parked = await db.pendingRegistration.count();
    await db.$executeRawUnsafe('alter table rate_limit_events rename to rate_limit_events_offline');
    try {
      for (const [path, body] of [
        ['/auth/register-partner', partnerBody()],
        ['/auth/register', userBody()],
        ['/auth/verify-email', { token: 'whatever' }],
      ] as const) {
        const res = await api.post(path, { body, ip: nextIp() });
        expect(res.status, path).toBe(503);
        expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      }
    } finally {
      await db.$executeRawUnsafe('alter table rate_limit_events_offline rename to rate_limit_events');
    }
    expect(await db.pendingRegistration.count()).toBe(parked);
    expect((await api.post('/auth/register-partner', { body: partnerBody(), ip: nextIp() })).status).toBe(200);
  });
});
