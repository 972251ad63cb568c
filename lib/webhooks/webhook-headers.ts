// Custom delivery headers: validated names (no hop-by-hop, framing or service/signature
// headers a receiver relies on), values sealed at rest.
import { decryptSecret, encryptSecret } from '@/lib/auth/secrets';

export interface WebhookHeader {
  key: string;
  value: string;
}

export const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Values: visible ASCII, spaces and tabs only (no CR/LF injection, no NUL).
export const HEADER_VALUE_PATTERN = /^[\t\x20-\x7e\x80-\xff]*$/;

const FORBIDDEN = new Set([
  // hop-by-hop (RFC 9110 §7.6.1) and connection management
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade',
  // framing and routing the sender owns
  'host', 'content-length', 'content-type', 'expect',
]);

/** Why a header name cannot be configured, or null when it can. */
export function forbiddenHeaderReason(name: string): string | null {
  const lower = name.toLowerCase();
  if (FORBIDDEN.has(lower)) return `${name} is managed by the delivery client and cannot be set`;
  // Signature, timestamp, delivery and event headers: a custom value would let a webhook forge them.
  if (lower.startsWith('x-service-')) return `${name} is reserved for delivery metadata and signatures`;
  return null;
}

export function sealHeaders(headers: WebhookHeader[]): { key: string; value: string }[] {
  return headers.map((h) => ({ key: h.key, value: encryptSecret(h.value) }));
}

export function openHeaders(stored: unknown): WebhookHeader[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((h): h is { key: string; value: string } => !!h && typeof h.key === 'string' && typeof h.value === 'string')
    .map((h) => ({ key: h.key, value: decryptSecret(h.value) }));
}
