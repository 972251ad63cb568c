import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { mintLinkToken, readLinkToken } from '@/lib/billing/customer-link';

beforeAll(() => {
  process.env.DATABASE_URL ??= 'postgresql://unused/unused';
  process.env.JWT_SECRET ??= 'unit-test-secret-0123456789-abcdefghijklmnop';
  process.env.ENCRYPTION_KEY ??= 'unit-test-key-0123456789-abcdefghijklmnopqrs';
  resetEnvCache();
});

describe('customer links', () => {
  const id = '6f1c2b7e-3a4d-4c5e-8f90-1a2b3c4d5e6f';
  it('round-trips id and version, and is stable', () => {
    const token = mintLinkToken('invoice', id, 3);
    expect(readLinkToken('invoice', token)).toEqual({ id, version: 3 });
    expect(mintLinkToken('invoice', id, 3)).toBe(token);
    expect(mintLinkToken('invoice', id, 4)).not.toBe(token);
  });

  it('rejects forged, cross-kind and malformed tokens', () => {
    const token = mintLinkToken('invoice', id, 1);
    expect(readLinkToken('quote', token)).toBeNull();
    expect(readLinkToken('invoice', `${token}x`)).toBeNull();
    expect(readLinkToken('invoice', 'garbage')).toBeNull();
    expect(readLinkToken('invoice', `${mintLinkToken('invoice', id, 2).split('.')[0]}.${token.split('.')[1]}`)).toBeNull();
  });
});
