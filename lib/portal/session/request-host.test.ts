import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { assertSameOrigin, hostNameOf, requestHostWithPort } from './request-host';

beforeEach(() => {
  process.env.DATABASE_URL ??= 'postgresql://unused/unused';
  process.env.JWT_SECRET ??= 'unit-test-secret-0123456789-abcdefghijklmnop';
  process.env.ENCRYPTION_KEY ??= 'unit-test-key-0123456789-abcdefghijklmnopqrs';
  process.env.PORTAL_SESSION_SECRET ??= 'unit-test-portal-secret-0123456789-abcdefgh';
  resetEnvCache();
});
afterEach(() => {
  delete process.env.TRUST_PROXY_HEADERS;
  delete process.env.TRUSTED_PROXY_CIDRS;
  resetEnvCache();
});

const req = (headers: Record<string, string>, method = 'POST') => new Request('http://internal:3000/api/v1/portal/profile', { method, headers });

describe('the host a portal request came in on', () => {
  it('strips the port and a trailing dot, and lowercases', () => {
    expect(hostNameOf('Help.Example.TEST:8443')).toBe('help.example.test');
    expect(hostNameOf('help.example.test.')).toBe('help.example.test');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf(null)).toBeNull();
  });

  it('believes X-Forwarded-Host only from a trusted proxy', () => {
    const headers = new Headers({ host: 'internal:3000', 'x-forwarded-host': 'help.example.test', 'x-rmm-peer-ip': '10.0.0.5' });
    expect(requestHostWithPort(headers)).toBe('internal:3000');
    process.env.TRUST_PROXY_HEADERS = 'true';
    process.env.TRUSTED_PROXY_CIDRS = '10.0.0.0/8';
    resetEnvCache();
    expect(requestHostWithPort(headers)).toBe('help.example.test');
    headers.set('x-rmm-peer-ip', '203.0.113.9');
    expect(requestHostWithPort(headers)).toBe('internal:3000');
  });
});

describe('same-origin check of state-changing portal requests', () => {
  it('accepts the portal’s own origin and clients that send no Origin', () => {
    expect(() => assertSameOrigin(req({ host: 'help.example.test', origin: 'https://help.example.test' }))).not.toThrow();
    expect(() => assertSameOrigin(req({ host: 'help.example.test:8443', origin: 'https://help.example.test:8443' }))).not.toThrow();
    expect(() => assertSameOrigin(req({ host: 'help.example.test', 'sec-fetch-site': 'same-origin' }))).not.toThrow();
    expect(() => assertSameOrigin(req({ host: 'help.example.test' }))).not.toThrow();
  });

  it('refuses other origins, opaque origins and cross-site fetches', () => {
    const refused: Record<string, string>[] = [
      { host: 'help.example.test', origin: 'https://evil.test' },
      { host: 'help.example.test', origin: 'https://help.example.test.evil.test' },
      { host: 'help.example.test:8443', origin: 'https://help.example.test' },
      { host: 'help.example.test', origin: 'null' },
      { host: 'help.example.test', origin: 'not a url' },
      { host: 'help.example.test', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      expect(() => assertSameOrigin(req(headers)), JSON.stringify(headers)).toThrow(expect.objectContaining({ status: 403, code: 'CROSS_ORIGIN_REQUEST' }));
    }
  });
});
