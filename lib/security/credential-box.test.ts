import { beforeAll, describe, expect, it } from 'vitest';
import { CredentialUnreadableError, openCredential, sealCredential } from './credential-box';
import { resetEnvCache } from '@/lib/env';

beforeAll(() => {
  process.env.DATABASE_URL ??= 'postgresql://unused/unused';
  process.env.JWT_SECRET ??= 'unit-test-secret-0123456789-abcdefghijklmnop';
  process.env.ENCRYPTION_KEY ??= 'unit-test-key-0123456789-abcdefghijklmnopqrs';
  process.env.PORTAL_SESSION_SECRET ??= 'unit-test-portal-0123456789-abcdefghijklmnop';
  resetEnvCache();
});

const binding = { purpose: 'distributor.credentials', boundTo: 'integration-1' };
const secret = JSON.stringify({ clientId: 'client-1', clientSecret: 's3cr3t-ü-✓' });

describe('credential box', () => {
  it('round-trips and never shows the plaintext', () => {
    const sealed = sealCredential(secret, binding);
    expect(sealed.startsWith('c1.')).toBe(true);
    expect(sealed).not.toContain('s3cr3t');
    expect(openCredential(sealed, binding)).toBe(secret);
  });

  it('uses a fresh nonce for every seal', () => {
    expect(sealCredential(secret, binding)).not.toBe(sealCredential(secret, binding));
  });

  it('refuses a value bound to another row or sealed for another purpose', () => {
    const sealed = sealCredential(secret, binding);
    expect(() => openCredential(sealed, { ...binding, boundTo: 'integration-2' })).toThrow(CredentialUnreadableError);
    expect(() => openCredential(sealed, { ...binding, purpose: 'webhook.secret' })).toThrow(CredentialUnreadableError);
  });

  it('refuses tampered ciphertext, tags and unknown formats', () => {
    const sealed = sealCredential(secret, binding);
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => openCredential([v, iv, tag, flipped.toString('base64url')].join('.'), binding)).toThrow(CredentialUnreadableError);
    expect(() => openCredential([v, iv, Buffer.alloc(16).toString('base64url'), data].join('.'), binding)).toThrow(CredentialUnreadableError);
    expect(() => openCredential(`v1.${iv}.${tag}.${data}`, binding)).toThrow(CredentialUnreadableError);
    expect(() => openCredential('garbage', binding)).toThrow(CredentialUnreadableError);
  });

  it('cannot be opened with another master key', () => {
    const sealed = sealCredential(secret, binding, 'master-key-A-0123456789-abcdefghijklmnop');
    expect(openCredential(sealed, binding, 'master-key-A-0123456789-abcdefghijklmnop')).toBe(secret);
    expect(() => openCredential(sealed, binding, 'master-key-B-0123456789-abcdefghijklmnop')).toThrow(CredentialUnreadableError);
  });
});
