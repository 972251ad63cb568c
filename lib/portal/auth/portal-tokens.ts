// Invite and password-reset links: 256-bit tokens stored only as SHA-256, one live link per
// account (a new one kills the older), deleted when used. Resets are short-lived.
import type { DbOrTx } from '@/lib/db';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';
import type { PortalTokenPurpose } from '@/lib/generated/prisma/client';

export const RESET_TOKEN_TTL_MINUTES = 60;

export async function issuePortalToken(client: DbOrTx, contactId: string, purpose: PortalTokenPurpose, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
  await client.portalToken.deleteMany({ where: { contactId } });
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + ttlMs);
  await client.portalToken.create({ data: { contactId, purpose, tokenHash: sha256Hex(token), expiresAt } });
  return { token, expiresAt };
}
