// Raw enrollment credentials. Only SHA-256 digests are stored; the raw values are returned once.
import { randomToken, sha256Hex } from '@/lib/auth/secrets';

export function mintEnrollmentKey() {
  const key = `ek_${randomToken(24)}`;
  return { key, keyHash: sha256Hex(key), keyPrefix: key.slice(0, 10) };
}

export function mintEnrollmentSecret() {
  const secret = `es_${randomToken(24)}`;
  return { secret, secretHash: sha256Hex(secret) };
}
