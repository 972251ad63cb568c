// The accounting system signs each notification with HMAC-SHA256 over the raw body, keyed
// with the verifier token it issued (QuickBooks-style `intuit-signature`). Base64 is the usual
// encoding; hex (optionally `sha256=`-prefixed) is accepted too. Compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function accountingSignature(token: string, rawBody: Uint8Array): string {
  return createHmac('sha256', token).update(rawBody).digest('base64');
}

export function verifyAccountingSignature(token: string, rawBody: Uint8Array, header: string | null): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', token).update(rawBody).digest();
  const value = header.trim().replace(/^sha256=/i, '');
  const given = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  // Equal lengths are required by timingSafeEqual; a digest of another length is simply wrong.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
