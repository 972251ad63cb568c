// Seals credentials the service must read back (e.g. a distributor's API client secret) with
// AES-256-GCM. The key is derived from ENCRYPTION_KEY with HKDF-SHA256 per purpose, so a value
// sealed for one purpose never opens for another, and the ciphertext is bound to the row it
// belongs to (associated data): copying it onto another row makes it unreadable.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

const VERSION = 'c1';

export interface CredentialBinding {
  /** What the value is for, e.g. `distributor.credentials`; selects the derived key. */
  purpose: string;
  /** The owner of the value, e.g. the integration id; authenticated, not encrypted. */
  boundTo: string;
}

export class CredentialUnreadableError extends Error {
  constructor(message = 'Stored credential cannot be decrypted (was ENCRYPTION_KEY changed?)') {
    super(message);
    this.name = 'CredentialUnreadableError';
  }
}

function keyFor(purpose: string, master = env().ENCRYPTION_KEY): Buffer {
  return Buffer.from(hkdfSync('sha256', master, 'rmm-credential-box', `purpose:${purpose}`, 32));
}

export function sealCredential(plain: string, binding: CredentialBinding, master?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(binding.purpose, master), iv);
  cipher.setAAD(Buffer.from(binding.boundTo, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Opens a sealed value; throws CredentialUnreadableError on any mismatch (key, binding, tampering). */
export function openCredential(sealed: string, binding: CredentialBinding, master?: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new CredentialUnreadableError('Unrecognised sealed credential');
  const [, iv, tag, data] = parts;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(binding.purpose, master), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(binding.boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new CredentialUnreadableError();
  }
}
