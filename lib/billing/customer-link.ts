// Customer links for invoices (view and pay) and quotes (accept or decline). The token is the
// document id and a link version, signed: nothing secret is stored, the same link comes back
// every time (durable), and bumping the document's version revokes every earlier link at once.
import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';
import { publicUrl } from '@/lib/public-url';
import { safeEqual } from '@/lib/auth/secrets';

export type LinkKind = 'invoice' | 'quote';

function sign(kind: LinkKind, payload: string): string {
  return createHmac('sha256', env().JWT_SECRET).update(`billing-link:${kind}:${payload}`).digest('base64url');
}

export function mintLinkToken(kind: LinkKind, id: string, version: number): string {
  const bytes = Buffer.alloc(20);
  Buffer.from(id.replace(/-/g, ''), 'hex').copy(bytes, 0);
  bytes.writeUInt32BE(version, 16);
  const payload = bytes.toString('base64url');
  return `${payload}.${sign(kind, payload)}`;
}

/** The document id and version a token names, or null when it is malformed or forged. */
export function readLinkToken(kind: LinkKind, token: string): { id: string; version: number } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length || payload.length > 40) return null;
  if (!safeEqual(signature, sign(kind, payload))) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 20) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, version: bytes.readUInt32BE(16) };
}

export function customerLinkUrl(kind: LinkKind, token: string): string {
  return publicUrl(`/billing/${kind}/${token}`);
}
