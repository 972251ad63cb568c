// Connecting to a session. A terminal: a one-time ticket for the browser's WebSocket
// (terminal-gateway.ts). A desktop: the server does the WebRTC signalling between the viewer (browser or a
// native viewer) and the device's agent; media and input then flow peer to peer (or through the
// configured TURN server). The viewer's offer is relayed to the agent over the live channel
// (`desktop.offer`, answered with the agent's SDP and the candidates it gathered), further
// candidates both ways with `desktop.ice`. A native viewer that cannot carry the console's
// session gets a one-time connect code instead (POST …/desktop-connect-code).
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { ActorContext, AuthContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Prisma, RemoteSession } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { agentChannelHub } from '@/lib/agent-channel/hub';
import { writeAudit } from '@/lib/audit/write-audit';
import { mintTicket } from '@/lib/remote/tickets';
import { activateSession, assertConnectable, getSessionOrThrow, type AuditActor } from '@/lib/remote/sessions';
import { ZIceCandidate, type ZIceInput, type ZOfferInput } from '@/lib/remote/schemas';

export const CONNECT_CODE_SECONDS = 5 * 60;
const ZAgentAnswer = z.object({ sdp: z.string().min(1).max(100_000), candidates: z.array(ZIceCandidate).max(100).default([]) });
const ZAgentIce = z.object({ candidates: z.array(ZIceCandidate).max(100).default([]) });

/** STUN and TURN servers for both peers; TURN credentials follow the TURN REST API (coturn). */
export function iceServers(userId: string | null) {
  const c = env();
  const servers: { urls: string[]; username?: string; credential?: string }[] = [];
  if (c.REMOTE_STUN_URLS.length) servers.push({ urls: c.REMOTE_STUN_URLS });
  let ttlSeconds: number | null = null;
  if (c.REMOTE_TURN_URLS.length && c.REMOTE_TURN_SECRET) {
    ttlSeconds = c.REMOTE_TURN_TTL_SECONDS;
    const username = `${Math.floor(Date.now() / 1000) + ttlSeconds}:${userId ?? 'viewer'}`;
    servers.push({ urls: c.REMOTE_TURN_URLS, username, credential: createHmac('sha1', c.REMOTE_TURN_SECRET).update(username).digest('base64') });
  }
  return { iceServers: servers, ttlSeconds };
}

async function desktopSession(ctx: ActorContext, id: string) {
  const session = await getSessionOrThrow(ctx, id);
  assertConnectable(ctx, session, 'desktop');
  return session;
}

export async function relayOffer(ctx: ActorContext, id: string, input: z.output<typeof ZOfferInput>) {
  const session = await desktopSession(ctx, id);
  return offerToAgent(session, input.sdp, ctx);
}

/**
 * Relays a viewer's offer to the device's agent and answers the agent's SDP and candidates;
 * the session becomes active. `auditActor`: the person the viewer acts for, when the call itself
 * carries no user credential (a native viewer's token).
 */
export async function offerToAgent(session: RemoteSession, sdp: string, actor: AuthContext, auditActor?: AuditActor) {
  const raw = await agentChannelHub().request(session.deviceId, 'desktop.offer', { sessionId: session.id, sdp, iceServers: iceServers(session.userId).iceServers });
  const parsed = ZAgentAnswer.safeParse(raw);
  if (!parsed.success) throw new AppError('AGENT_BAD_RESPONSE', 502, 'The agent’s answer to desktop.offer does not match the contract');
  await db.remoteSession.update({
    where: { id: session.id },
    data: { offerSdp: sdp, answerSdp: parsed.data.sdp, agentCandidates: parsed.data.candidates as Prisma.InputJsonValue, lastSeenAt: new Date() },
  });
  await activateSession(session.id, null, actor, auditActor);
  return { type: 'answer' as const, sdp: parsed.data.sdp, candidates: parsed.data.candidates };
}

export async function relayIce(ctx: ActorContext, id: string, input: z.output<typeof ZIceInput>) {
  const session = await desktopSession(ctx, id);
  return iceToAgent(session, input.candidates);
}

/** Relays a viewer's ICE candidates to the device's agent and answers the agent's new ones. */
export async function iceToAgent(session: RemoteSession, candidates: z.output<typeof ZIceInput>['candidates']) {
  const raw = await agentChannelHub().request(session.deviceId, 'desktop.ice', { sessionId: session.id, candidates });
  const parsed = ZAgentIce.safeParse(raw ?? {});
  if (!parsed.success) throw new AppError('AGENT_BAD_RESPONSE', 502, 'The agent’s answer to desktop.ice does not match the contract');
  const viewer = [...((session.viewerCandidates as unknown[]) ?? []), ...candidates].slice(-200);
  const agent = [...((session.agentCandidates as unknown[]) ?? []), ...parsed.data.candidates].slice(-200);
  await db.remoteSession.update({ where: { id: session.id }, data: { viewerCandidates: viewer as Prisma.InputJsonValue, agentCandidates: agent as Prisma.InputJsonValue, lastSeenAt: new Date() } });
  return { candidates: parsed.data.candidates };
}

export async function mintConnectCode(ctx: ActorContext, id: string) {
  const session = await desktopSession(ctx, id);
  const t = await mintTicket({ purpose: 'desktop_connect', partnerId: session.partnerId, orgId: session.orgId, userId: ctx.userId, sessionId: session.id, ttlSeconds: CONNECT_CODE_SECONDS });
  await writeAudit(ctx, { action: 'remote_session.connect_code', targetType: 'remote_session', targetId: session.id, partnerId: session.partnerId, orgId: session.orgId, details: { deviceId: session.deviceId } });
  return { code: t.secret, expiresAt: t.expiresAt.toISOString() };
}

export async function mintTerminalTicket(ctx: ActorContext, id: string) {
  const session = await getSessionOrThrow(ctx, id);
  assertConnectable(ctx, session, 'terminal');
  const t = await mintTicket({ purpose: 'terminal', partnerId: session.partnerId, orgId: session.orgId, userId: ctx.userId, sessionId: session.id, ttlSeconds: env().REMOTE_TERMINAL_TICKET_SECONDS });
  await writeAudit(ctx, { action: 'remote_session.ws_ticket', targetType: 'remote_session', targetId: session.id, partnerId: session.partnerId, orgId: session.orgId, details: { deviceId: session.deviceId } });
  return { ticket: t.secret, expiresAt: t.expiresAt.toISOString(), url: `/api/v1/remote/sessions/${session.id}/terminal?ticket=${encodeURIComponent(t.secret)}` };
}
