// PUBLIC_ENABLE_REGISTRATION (doc 1 rule 2): the signup page's 302 comes from proxy.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { proxy, config } from '@/proxy';

afterEach(() => {
  delete process.env.PUBLIC_ENABLE_REGISTRATION;
});

const visit = () => proxy(new NextRequest('http://rmm.example.test/register-partner'));

describe('/register-partner', () => {
  it('answers 302 to /login?reason=registration-disabled when the web flag is off', () => {
    for (const value of ['false', '0', 'no', 'off', 'OFF']) {
      process.env.PUBLIC_ENABLE_REGISTRATION = value;
      const res = visit();
      expect(res.status, value).toBe(302);
      expect(new URL(res.headers.get('location')!).pathname + new URL(res.headers.get('location')!).search).toBe('/login?reason=registration-disabled');
    }
  });

  it('passes through when the flag is on or unset', () => {
    for (const value of ['true', '1', 'yes', 'on', undefined]) {
      if (value === undefined) delete process.env.PUBLIC_ENABLE_REGISTRATION;
      else process.env.PUBLIC_ENABLE_REGISTRATION = value;
      const res = visit();
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('x-middleware-next')).toBe('1');
    }
  });

  it('runs only for the signup page', () => {
    expect(config.matcher).toEqual(['/register-partner']);
  });
});
