// Service-principal key format: svc_sp_<43 random base64url characters><6-character checksum>.
// A distinct prefix from user API keys (rmm_ak_) so each credential class recognises the other
// and secret scanners can tell them apart; the checksum rejects made-up keys without a lookup.
import { createHash } from 'node:crypto';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';

export const SERVICE_PRINCIPAL_KEY_PREFIX = 'svc_sp_';
const PATTERN = /^svc_sp_[A-Za-z0-9_-]{43}[A-Za-z0-9_-]{6}$/;

function checksum(body: string): string {
  return createHash('sha256').update(`svc_sp:${body}`).digest('base64url').slice(0, 6);
}

export function generateServicePrincipalKey(): { key: string; hash: string; prefix: string } {
  const body = randomToken(32);
  const key = `${SERVICE_PRINCIPAL_KEY_PREFIX}${body}${checksum(body)}`;
  return { key, hash: sha256Hex(key), prefix: `${SERVICE_PRINCIPAL_KEY_PREFIX}${body.slice(0, 8)}` };
}

export function isWellFormedServicePrincipalKey(value: string): boolean {
  if (!PATTERN.test(value)) return false;
  const body = value.slice(SERVICE_PRINCIPAL_KEY_PREFIX.length, SERVICE_PRINCIPAL_KEY_PREFIX.length + 43);
  return value.endsWith(checksum(body));
}
