import { describe, expect, it } from 'vitest';
import { isValidCustomDomain } from './custom-domain';

describe('custom portal domains', () => {
  it('accepts DNS host names', () => {
    for (const d of ['support.example.com', 'help.contoso.co.uk', 'x-1.example.io', 'portal.e2e-portal.test']) expect(isValidCustomDomain(d), d).toBe(true);
  });

  it('refuses IPs, single labels, bad labels and anything with a scheme, port or path', () => {
    for (const d of ['localhost', '127.0.0.1', '::1', 'example', '-bad.example.com', 'bad-.example.com', 'a..b.com', 'https://x.com', 'x.com:8080', 'x.com/path', 'under_score.example.com', '1.2.3.4.5', `${'a'.repeat(64)}.com`]) {
      expect(isValidCustomDomain(d), d).toBe(false);
    }
  });
});
