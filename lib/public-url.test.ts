// The public base URL: APP_BASE_URL wins; otherwise the listening address, with localhost for a
// wildcard host, and a warning whenever links would only open on this machine.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, publicBaseUrl, publicUrl, publicUrlWarnings } from '@/lib/public-url';

const cfg = (APP_BASE_URL: string | undefined, HOST = '0.0.0.0', PORT = 3000) => ({ APP_BASE_URL, HOST, PORT });

describe('publicBaseUrl', () => {
  it('is APP_BASE_URL when set, without a trailing slash', () => {
    expect(publicBaseUrl(cfg('https://rmm.example.com/', '0.0.0.0', 4567))).toBe('https://rmm.example.com');
    expect(publicUrl('/verify-email', cfg('https://rmm.example.com/rmm/'))).toBe('https://rmm.example.com/rmm/verify-email');
  });

  it('is derived from HOST and PORT otherwise', () => {
    expect(publicBaseUrl(cfg(undefined, '0.0.0.0', 4567))).toBe('http://localhost:4567');
    expect(publicBaseUrl(cfg(undefined, '::', 4567))).toBe('http://localhost:4567');
    expect(publicBaseUrl(cfg(undefined, '10.1.2.3', 8080))).toBe('http://10.1.2.3:8080');
    expect(publicBaseUrl(cfg(undefined, 'fd00::5', 8080))).toBe('http://[fd00::5]:8080');
    expect(publicUrl('login', cfg(undefined, '127.0.0.1', 4567))).toBe('http://127.0.0.1:4567/login');
  });
});

describe('publicUrlWarnings', () => {
  it('warns when links use localhost while the server listens on every interface', () => {
    expect(publicUrlWarnings(cfg(undefined, '0.0.0.0', 4567))[0]).toMatch(/APP_BASE_URL is not set: .*http:\/\/localhost:4567/);
    expect(publicUrlWarnings(cfg('http://127.0.0.1:3000', '0.0.0.0'))[0]).toMatch(/loopback address while the server listens on 0\.0\.0\.0/);
    expect(publicUrlWarnings(cfg('http://localhost:3000', '192.168.1.4'))).toHaveLength(1);
  });

  it('is quiet when the base URL is reachable or the server is loopback-only', () => {
    expect(publicUrlWarnings(cfg('https://rmm.example.com', '0.0.0.0'))).toEqual([]);
    expect(publicUrlWarnings(cfg(undefined, '127.0.0.1'))).toEqual([]);
    expect(publicUrlWarnings(cfg('http://localhost:3000', '::1'))).toEqual([]);
    expect(publicUrlWarnings(cfg(undefined, '10.1.2.3'))).toEqual([]);
  });

  it('knows loopback names and addresses', () => {
    for (const h of ['localhost', 'app.localhost', '127.0.0.1', '127.8.0.1', '::1', '[::1]']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', 'rmm.example.com']) expect(isLoopbackHost(h)).toBe(false);
  });
});
