import { describe, expect, it } from 'vitest';
import { matchRoute, resolveDotSegments, unroutedAnswer } from '@/lib/http/not-found';

const routes = [
  { path: '/devices', methods: ['GET', 'POST'] },
  { path: '/devices/{id}', methods: ['DELETE', 'GET', 'PATCH'] },
  { path: '/devices/bulk', methods: ['POST'] },
  { path: '/health', methods: ['GET'] },
];

describe('unrouted /api/v1 answers', () => {
  it('matches static segments before parameters and decodes parameters', () => {
    expect(matchRoute(routes, '/devices/bulk')?.route.path).toBe('/devices/bulk');
    expect(matchRoute(routes, '/devices/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute(routes, '/')).toBeNull();
    expect(matchRoute(routes, '/devices/%62ulk')?.route.path).toBe('/devices/bulk');
    expect(matchRoute(routes, '/health/x')).toBeNull();
    expect(matchRoute(routes, '/devices/%E0%A4%A')).toEqual({ route: routes[1], params: { id: '%E0%A4%A' } });
  });

  it('answers a path no route serves with 404 in the envelope', async () => {
    for (const path of ['/api/v1', '/api/v1/', '/api/v1/nope', '/api/v1/devices/x/y']) {
      const res = unroutedAnswer(routes, 'GET', path);
      expect(res?.status, path).toBe(404);
      expect(await res?.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), details: [] } });
    }
  });

  it('answers a method the route does not serve with 405, an Allow header and the envelope', async () => {
    const res = unroutedAnswer(routes, 'PUT', '/api/v1/devices/abc');
    expect(res?.status).toBe(405);
    expect(res?.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PATCH');
    expect((await res!.json()).error).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(unroutedAnswer(routes, 'HEAD', '/api/v1/devices/bulk')?.status).toBe(405);
  });

  it('leaves served requests, HEAD of a GET route, OPTIONS, trailing slashes and other prefixes alone', () => {
    expect(unroutedAnswer(routes, 'PUT', '/api/v1/devices/')?.status).toBe(405);
    expect(unroutedAnswer(routes, 'GET', '/api/v1/nope/')?.status).toBe(404);
    expect(unroutedAnswer(routes, 'GET', '/api/v1/devices')).toBeNull();
    expect(unroutedAnswer(routes, 'HEAD', '/api/v1/health')).toBeNull();
    expect(unroutedAnswer(routes, 'OPTIONS', '/api/v1/health')).toBeNull();
    expect(unroutedAnswer(routes, 'GET', '/api/v1/devices/')).toBeNull();
    expect(unroutedAnswer(routes, 'GET', '/portal/x')).toBeNull();
  });

  it('answers a path that does not decode with 400 in the envelope', async () => {
    const res = unroutedAnswer(routes, 'GET', '/api/v1/devices/%E0%A4%A');
    expect(res?.status).toBe(400);
    expect((await res!.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('resolves dot segments, encoded ones too, keeping the query', () => {
    expect(resolveDotSegments('/api/v1/devices/../')).toBe('/api/v1/');
    expect(resolveDotSegments('/api/v1/devices/x/%2e%2e?page=2')).toBe('/api/v1/devices/?page=2');
    expect(resolveDotSegments('//api/v1/./health')).toBe('//api/v1/health');
    expect(resolveDotSegments('/api/v1/devices?x=../')).toBeNull();
    expect(resolveDotSegments('/api/v1/a..b')).toBeNull();
  });
});
