// A native desktop viewer joins a session without the console's credentials: the technician
// mints a one-time connect code in the console (POST …/desktop-connect-code) and pastes it into
// the viewer, which redeems it here (unauthenticated: the code is the credential). Redeeming
// spends the code (a second use or one after its 5 minutes finds nothing), is rate-limited per
// source IP, and answers what the signalling needs: the session and device, the ICE servers
// (TURN credentials minted for the session's user) and a viewer token. The token is an HMAC over
// the session, its user and an expiry, valid only for this session's signalling (POST
// /remote/desktop-connect/signal: the offer, then trickled candidates) and only while the
// session can still be connected to.
import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import type { AuthContext } from '@/lib/auth/context';
import { safeEqual } from '@/lib/auth/secrets';
import { writeAudit } from '@/lib/audit/write-audit';
import { db } from '@/lib/db';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { env } from '@/lib/env';
import type { RemoteSession } from '@/lib/generated/prisma/client';
import { AppError, conflict, tooManyRequests } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { iceServers, iceToAgent, offerToAgent } from '@/lib/remote/connect';
import { redeemTicket } from '@/lib/remote/tickets';
import type { AuditActor } from '@/lib/remote/sessions';
import type { ZRedeemConnectCode, ZViewerSignal } from '@/lib/remote/schemas';

/** How long a viewer token is accepted: enough to gather candidates, offer and trickle. */
export const VIEWER_TOKEN_SECONDS = 10 * 60;
export const SIGNAL_PATH = '/api/v1/remote/desktop-connect/signal';

const invalidCode = () =>
  new AppError('INVALID_CONNECT_CODE', 401, 'The connect code is unknown, was already used, or expired: mint a new one in the console (POST /remote/sessions/:id/desktop-connect-code)');
const invalidToken = () => new AppError('INVALID_VIEWER_TOKEN', 401, 'The viewer token is invalid or expired: redeem a new connect code');

function tokenMac(sessionId: string, userId: string, expires: number): string {
  return createHmac('sha256', env().JWT_SECRET).update(`desktop-viewer:${sessionId}:${userId}:${expires}`).digest('base64url');
}

export function viewerToken(session: { id: string; userId: string }, now = Date.now()): { token: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + VIEWER_TOKEN_SECONDS;
  return { token: `${session.id}.${expires}.${tokenMac(session.id, session.userId, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** The session a valid viewer token is for; 401 otherwise. */
async function sessionOfToken(token: string): Promise<RemoteSession> {
  const [sessionId, exp, mac] = token.split('.');
  const expires = Number(exp);
  if (!sessionId || !mac || !/^[0-9a-f-]{36}$/i.test(sessionId) || !Number.isInteger(expires) || expires * 1000 < Date.now()) throw invalidToken();
  const session = await db.remoteSession.findUnique({ where: { id: sessionId.toLowerCase() } });
  if (!session?.userId || !safeEqual(mac, tokenMac(session.id, session.userId, expires))) throw invalidToken();
  return session;
}

/** A desktop session the viewer may still connect to, on a device that takes sessions. */
async function assertJoinable(session: RemoteSession): Promise<{ deviceName: string }> {
  if (session.type !== 'desktop') throw conflict(`This is a ${session.type} session`, 'SESSION_TYPE_MISMATCH');
  if (session.status !== 'pending' && session.status !== 'active') throw conflict(`The session is ${session.status}: open a new one`, 'SESSION_NOT_PENDING');
  const device = await db.device.findUnique({ where: { id: session.deviceId }, select: { status: true, hostname: true, displayName: true } });
  if (!device || !acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, 'The device takes no remote sessions');
  return { deviceName: device.displayName ?? device.hostname };
}

/** The person the viewer acts for (the session's opener), for the audit trail. */
const personOf = (session: RemoteSession): AuditActor => ({ type: 'user', id: session.userId, email: session.userEmail });

export async function redeemConnectCode(ctx: AuthContext, input: z.output<typeof ZRedeemConnectCode>) {
  const c = env();
  const verdict = await consumeRateLimit(`desktop-connect:ip:${ctx.ip ?? 'unknown'}`, c.REMOTE_CONNECT_RATE_LIMIT_PER_IP, c.REMOTE_CONNECT_RATE_LIMIT_WINDOW_SECONDS);
  if (!verdict.allowed) throw tooManyRequests('Too many connect codes from this address; try again later', verdict.retryAfterSeconds);
  const ticket = await redeemTicket(input.code, 'desktop_connect');
  if (!ticket?.sessionId) throw invalidCode();
  const session = await db.remoteSession.findFirst({ where: { id: ticket.sessionId, partnerId: ticket.partnerId, orgId: ticket.orgId } });
  // The code was minted by the session's opener: nobody else's viewer joins through it.
  if (!session?.userId || session.userId !== ticket.userId) throw invalidCode();
  const { deviceName } = await assertJoinable(session);
  const token = viewerToken({ id: session.id, userId: session.userId });
  const ice = iceServers(session.userId);
  await writeAudit(ctx, {
    action: 'remote_session.connect_code_redeemed',
    targetType: 'remote_session',
    targetId: session.id,
    partnerId: session.partnerId,
    orgId: session.orgId,
    details: { deviceId: session.deviceId },
    actor: personOf(session),
  });
  return {
    sessionId: session.id,
    deviceId: session.deviceId,
    deviceName,
    status: session.status as 'pending' | 'active',
    iceServers: ice.iceServers,
    ttlSeconds: ice.ttlSeconds,
    viewerToken: token.token,
    expiresAt: token.expiresAt.toISOString(),
    signalUrl: SIGNAL_PATH,
  };
}

export async function viewerSignal(ctx: AuthContext, input: z.output<typeof ZViewerSignal>) {
  const session = await sessionOfToken(input.viewerToken);
  await assertJoinable(session);
  if (input.type === 'offer') return offerToAgent(session, input.sdp, ctx, personOf(session));
  return iceToAgent(session, input.candidates);
}
