import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, generateApiKeySecret, isWellFormedApiKey, presentedApiKey } from '@/lib/api-keys/api-key-secret';
import { sha256Hex } from '@/lib/auth/secrets';

describe('API key secrets', () => {
  it('have the scanner-recognisable form, a valid checksum and a stored digest', () => {
    const key = generateApiKeySecret();
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toMatch(/^rmm_ak_.{8}$/);
    expect(key.hash).toBe(sha256Hex(key.secret));
    expect(isWellFormedApiKey(key.secret)).toBe(true);
    expect(generateApiKeySecret().secret).not.toBe(key.secret);
  });

  it('rejects a key whose checksum does not match (typo or invention)', () => {
    const { secret } = generateApiKeySecret();
    const flipped = secret.slice(0, 20) + (secret[20] === 'A' ? 'B' : 'A') + secret.slice(21);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey('rmm_ak_short')).toBe(false);
    expect(isWellFormedApiKey(`svc_sp_${secret.slice(7)}`)).toBe(false);
  });

  it('is read from X-API-Key or a bearer header carrying rmm_ak_', () => {
    const { secret } = generateApiKeySecret();
    expect(presentedApiKey(new Request('http://x/', { headers: { 'x-api-key': secret } }))).toBe(secret);
    expect(presentedApiKey(new Request('http://x/', { headers: { authorization: `Bearer ${secret}` } }))).toBe(secret);
    expect(presentedApiKey(new Request('http://x/', { headers: { authorization: 'Bearer eyJhbGciOi.x.y' } }))).toBeNull();
    expect(presentedApiKey(new Request('http://x/'))).toBeNull();
  });
});
