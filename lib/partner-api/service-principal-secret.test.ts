import { describe, expect, it } from 'vitest';
import { generateServicePrincipalKey, isWellFormedServicePrincipalKey } from '@/lib/partner-api/service-principal-secret';

describe('service-principal key format', () => {
  it('accepts a generated key and rejects a typo or a user API key', () => {
    const { key, prefix } = generateServicePrincipalKey();
    expect(key).toMatch(/^svc_sp_[A-Za-z0-9_-]{49}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(isWellFormedServicePrincipalKey(key)).toBe(true);
    const typo = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    expect(isWellFormedServicePrincipalKey(typo)).toBe(false);
    expect(isWellFormedServicePrincipalKey(key.replace('svc_sp_', 'rmm_ak_'))).toBe(false);
  });
});
