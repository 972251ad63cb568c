// The credential of the inbound-email hook: the MTA (Postfix pipe, a mail provider's inbound
// webhook, …) sends `Authorization: Bearer <INBOUND_EMAIL_SECRET>`. It acts for no user and no
// tenant; the message's recipient address names the partner (see route-inbound-email.ts).
import type { AnonymousContext } from '@/lib/auth/context';
import { bearerToken } from '@/lib/auth/authenticate-user';
import { safeEqual, sha256Hex } from '@/lib/auth/secrets';
import { env } from '@/lib/env';
import { unauthorized, unavailable } from '@/lib/http/errors';

export interface InboundEmailContext extends AnonymousContext {
  channel: 'inbound-email';
}

export async function authenticateInboundEmail(req: Request, base: { requestId: string; ip: string | null }): Promise<InboundEmailContext> {
  const secret = env().INBOUND_EMAIL_SECRET;
  if (!secret) throw unavailable('Inbound email is not configured (INBOUND_EMAIL_SECRET)', 'INBOUND_EMAIL_NOT_CONFIGURED');
  const presented = bearerToken(req);
  // Comparing digests keeps the comparison constant-time whatever the presented length.
  if (!presented || !safeEqual(sha256Hex(presented), sha256Hex(secret))) throw unauthorized('Invalid inbound email secret', 'INVALID_INBOUND_SECRET');
  return { kind: 'anonymous', channel: 'inbound-email', ...base };
}
