// The delivery signature of doc 2: HMAC-SHA256(secret, timestamp + '.' + raw_body), hex, sent as
// `X-Service-Signature: sha256=<hex>` with the timestamp in `X-Service-Signature-Timestamp`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signPayload(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifyPayloadSignature(secret: string, timestamp: string, rawBody: string, header: string): boolean {
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
