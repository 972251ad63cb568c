// The API key format: rmm_ak_<43 random base64url characters><6-character checksum>.
// The fixed prefix lets secret scanners spot a leaked key (regex in README); the checksum lets
// them, and us, reject a mistyped or made-up key without a database lookup.
import { createHash } from 'node:crypto';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';

export const API_KEY_PREFIX = 'rmm_ak_';
export const API_KEY_PATTERN = /^rmm_ak_[A-Za-z0-9_-]{43}[A-Za-z0-9_-]{6}$/;

function checksum(body: string): string {
  return createHash('sha256').update(`rmm_ak:${body}`).digest('base64url').slice(0, 6);
}

export interface NewApiKeySecret {
  /** The full key, shown to the owner once. */
  secret: string;
  /** Its storage form. */
  hash: string;
  /** The non-secret start shown in lists. */
  prefix: string;
}

export function generateApiKeySecret(): NewApiKeySecret {
  const body = randomToken(32);
  const secret = `${API_KEY_PREFIX}${body}${checksum(body)}`;
  return { secret, hash: sha256Hex(secret), prefix: `${API_KEY_PREFIX}${body.slice(0, 8)}` };
}

export function isWellFormedApiKey(value: string): boolean {
  if (!API_KEY_PATTERN.test(value)) return false;
  const body = value.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + 43);
  return value.endsWith(checksum(body));
}

/** The key presented in `X-API-Key`, or as `Authorization: Bearer rmm_ak_…`; null when none. */
export function presentedApiKey(req: Request): string | null {
  const header = req.headers.get('x-api-key')?.trim();
  if (header) return header;
  const match = /^Bearer\s+(rmm_ak_\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}
