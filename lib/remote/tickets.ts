// One-time tickets of remote access (terminal WebSocket, HTTP-tunnel cookie, desktop connect
// code). The secret is handed out once; PostgreSQL keeps only its SHA-256, so a database read
// cannot be replayed, and any web process can redeem a ticket another one minted. Redeeming
// checks and spends it in one statement: a second use or a late one finds nothing.
import { createHash, randomBytes } from 'node:crypto';
import { dbPool } from '@/lib/db';

export type TicketPurpose = 'terminal' | 'tunnel_http' | 'desktop_connect';

export const hashTicket = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface MintedTicket {
  secret: string;
  expiresAt: Date;
}

export async function mintTicket(input: {
  purpose: TicketPurpose;
  partnerId: string;
  orgId: string;
  userId: string | null;
  sessionId?: string;
  tunnelId?: string;
  ttlSeconds: number;
}): Promise<MintedTicket> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
  await dbPool().query(
    `insert into remote_tickets (id, token_hash, purpose, partner_id, org_id, session_id, tunnel_id, user_id, expires_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8)`,
    [hashTicket(secret), input.purpose, input.partnerId, input.orgId, input.sessionId ?? null, input.tunnelId ?? null, input.userId, expiresAt],
  );
  // Spent and expired tickets are of no use: dropped as new ones are minted.
  await dbPool().query("delete from remote_tickets where expires_at < now() - interval '1 hour'");
  return { secret, expiresAt };
}

export interface RedeemedTicket {
  partnerId: string;
  orgId: string;
  sessionId: string | null;
  tunnelId: string | null;
  userId: string | null;
}

/** Spends a ticket of `purpose`; null when unknown, already used or expired. */
export async function redeemTicket(secret: string, purpose: TicketPurpose): Promise<RedeemedTicket | null> {
  if (!secret || secret.length > 200) return null;
  const { rows } = await dbPool().query<{ partner_id: string; org_id: string; session_id: string | null; tunnel_id: string | null; user_id: string | null }>(
    `update remote_tickets set used_at = now()
     where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
     returning partner_id, org_id, session_id, tunnel_id, user_id`,
    [hashTicket(secret), purpose],
  );
  const r = rows[0];
  return r ? { partnerId: r.partner_id, orgId: r.org_id, sessionId: r.session_id, tunnelId: r.tunnel_id, userId: r.user_id } : null;
}
