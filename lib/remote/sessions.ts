// Remote sessions: a terminal or desktop connection of one person to one device, with its
// history. States (docs/REMOTE-ACCESS.md):
//   pending  created; nobody connected yet (the terminal ticket is unused, no desktop answer)
//   active   the viewer and the agent are connected (remote.session.started was emitted)
//   ended    closed by a peer, by POST …/end, or by the stale sweep (remote.session.ended)
//   failed   could not be established (the agent was offline or refused)
// A session only moves forward; every move is one conditional UPDATE, so two processes racing
// to end a session emit one event.
import type { z } from 'zod';
import type { ActorContext, AuthContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Prisma, RemoteSession } from '@/lib/generated/prisma/client';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { agentChannelHub, agentOffline } from '@/lib/agent-channel/hub';
import { emitEvent } from '@/lib/events/emit-event';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import type { SessionStatus, ZCreateRemoteSession, ZListRemoteSessionsQuery, ZRemoteHistoryQuery } from '@/lib/remote/schemas';

/** The topic a web process listens on to close a viewer it holds (see terminal-gateway.ts). */
export const END_TOPIC = 'remote.session.end';

export function toSessionDto(s: RemoteSession, hostname: string | null) {
  const hasTranscript = s.type === 'terminal' && s.transcriptStorage !== null;
  return {
    id: s.id,
    deviceId: s.deviceId,
    deviceHostname: hostname,
    orgId: s.orgId,
    type: s.type as 'terminal' | 'desktop',
    status: s.status as SessionStatus,
    endReason: s.endReason,
    userId: s.userId,
    userEmail: s.userEmail,
    cols: s.cols,
    rows: s.rows,
    createdAt: s.createdAt.toISOString(),
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    durationSeconds: s.startedAt ? Math.round(((s.endedAt ?? new Date()).getTime() - s.startedAt.getTime()) / 1000) : null,
    transcript: hasTranscript ? { bytes: s.transcriptBytes, truncated: s.transcriptTruncated, url: `/api/v1/remote/sessions/${s.id}/transcript` } : null,
  };
}

async function withHostnames(rows: RemoteSession[]) {
  const devices = await db.device.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.deviceId))] } }, select: { id: true, hostname: true } });
  const names = new Map(devices.map((d) => [d.id, d.hostname]));
  return rows.map((r) => toSessionDto(r, names.get(r.deviceId) ?? null));
}

/** The session in the caller's scope, or 404. */
export async function getSessionOrThrow(ctx: ScopedContext, id: string): Promise<RemoteSession> {
  const session = await db.remoteSession.findFirst({ where: { AND: [{ id }, tenantWhere(ctx)] } });
  if (!session) throw notFound('Remote session');
  return session;
}

/** True when some web process holds a live channel of the device. */
export async function deviceOnline(deviceId: string): Promise<boolean> {
  return !!(await db.agentChannelPresence.findFirst({ where: { deviceId, leaseExpiresAt: { gt: new Date() } }, select: { deviceId: true } }));
}

export async function createRemoteSession(ctx: ActorContext, input: z.output<typeof ZCreateRemoteSession>) {
  const device = await getDeviceOrThrow(ctx, input.deviceId);
  if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${device.status}: it takes no remote sessions`);
  if (!(await deviceOnline(device.id))) throw agentOffline();
  const session = await db.remoteSession.create({
    data: {
      partnerId: device.partnerId,
      orgId: device.orgId,
      deviceId: device.id,
      userId: ctx.userId,
      userEmail: ctx.email,
      type: input.type,
      cols: input.cols,
      rows: input.rows,
    },
  });
  await writeAudit(ctx, {
    action: 'remote_session.create',
    targetType: 'remote_session',
    targetId: session.id,
    partnerId: session.partnerId,
    orgId: session.orgId,
    details: { deviceId: device.id, hostname: device.hostname, type: session.type },
  });
  return toSessionDto(session, device.hostname);
}

export async function listOpenSessions(ctx: ScopedContext, q: z.output<typeof ZListRemoteSessionsQuery>) {
  const where: Prisma.RemoteSessionWhereInput = {
    AND: [tenantWhere(ctx), { status: { in: ['pending', 'active'] } }, q.deviceId ? { deviceId: q.deviceId } : {}, q.type ? { type: q.type } : {}],
  };
  const [rows, total] = await Promise.all([db.remoteSession.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }), db.remoteSession.count({ where })]);
  return pageResult(await withHostnames(rows), q, total);
}

export async function listSessionHistory(ctx: ScopedContext, q: z.output<typeof ZRemoteHistoryQuery>) {
  const where: Prisma.RemoteSessionWhereInput = {
    AND: [
      tenantWhere(ctx),
      { status: q.status ?? { in: ['ended', 'failed'] } },
      q.deviceId ? { deviceId: q.deviceId } : {},
      q.type ? { type: q.type } : {},
      q.userId ? { userId: q.userId } : {},
      q.from ? { createdAt: { gte: q.from } } : {},
      q.to ? { createdAt: { lt: q.to } } : {},
    ],
  };
  const [rows, total] = await Promise.all([db.remoteSession.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }), db.remoteSession.count({ where })]);
  return pageResult(await withHostnames(rows), q, total);
}

export async function getRemoteSession(ctx: ScopedContext, id: string) {
  const s = await getSessionOrThrow(ctx, id);
  return (await withHostnames([s]))[0];
}

/** The caller may connect to a session only while it is pending, and only as the one who created it. */
export function assertConnectable(ctx: ActorContext, session: RemoteSession, type: 'terminal' | 'desktop'): void {
  if (session.type !== type) throw conflict(`This is a ${session.type} session`, 'SESSION_TYPE_MISMATCH');
  if (session.userId !== ctx.userId) throw new AppError('FORBIDDEN', 403, 'Only the person who opened this session can connect to it');
  if (session.status !== 'pending' && !(type === 'desktop' && session.status === 'active')) {
    throw conflict(`The session is ${session.status}: open a new one`, 'SESSION_NOT_PENDING');
  }
}

function eventData(s: RemoteSession) {
  return {
    sessionId: s.id,
    deviceId: s.deviceId,
    type: s.type,
    userId: s.userId,
    userEmail: s.userEmail,
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    durationSeconds: s.startedAt && s.endedAt ? Math.round((s.endedAt.getTime() - s.startedAt.getTime()) / 1000) : null,
    status: s.status,
    reason: s.endReason,
  };
}

/** pending → active: the viewer and the agent are connected. False when the session was no longer pending. */
export type AuditActor = { type: string; id: string | null; email: string | null };

export async function activateSession(id: string, viewerProcessId: string | null, actor: AuthContext, auditActor?: AuditActor): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.remoteSession.updateMany({ where: { id, status: 'pending' }, data: { status: 'active', startedAt: new Date(), viewerProcessId, lastSeenAt: new Date() } });
    if (!count) return false;
    const s = await tx.remoteSession.findUniqueOrThrow({ where: { id } });
    await emitEvent(tx, { type: 'remote.session.started', partnerId: s.partnerId, orgId: s.orgId, data: eventData(s) });
    await writeAudit(actor, { action: 'remote_session.start', targetType: 'remote_session', targetId: s.id, partnerId: s.partnerId, orgId: s.orgId, details: { deviceId: s.deviceId, type: s.type }, actor: auditActor }, tx);
    return true;
  });
}

/**
 * pending/active → ended or failed, once. remote.session.ended is emitted for a session that
 * had started; the audit entry is written either way. Answers the session after the move, or
 * null when it had already ended.
 */
export async function finishSession(id: string, status: 'ended' | 'failed', reason: string, actor: AuthContext, auditActor?: AuditActor): Promise<RemoteSession | null> {
  const finished = await db.$transaction(async (tx) => {
    const { count } = await tx.remoteSession.updateMany({ where: { id, status: { in: ['pending', 'active'] } }, data: { status, endReason: reason.slice(0, 500), endedAt: new Date() } });
    if (!count) return null;
    const s = await tx.remoteSession.findUniqueOrThrow({ where: { id } });
    if (s.startedAt) await emitEvent(tx, { type: 'remote.session.ended', partnerId: s.partnerId, orgId: s.orgId, data: eventData(s) });
    await writeAudit(
      actor,
      { action: status === 'failed' ? 'remote_session.fail' : 'remote_session.end', targetType: 'remote_session', targetId: s.id, partnerId: s.partnerId, orgId: s.orgId, details: { deviceId: s.deviceId, type: s.type, reason: s.endReason }, actor: auditActor },
      tx,
    );
    return s;
  });
  // The process holding the viewer's connection closes it (a no-op when it already did).
  if (finished?.viewerProcessId) {
    await agentChannelHub()
      .sendToProcess(finished.viewerProcessId, END_TOPIC, { sessionId: id, reason })
      .catch((error: unknown) => logger.warn({ err: error, sessionId: id }, 'could not tell the viewer process the session ended'));
  }
  return finished;
}

export async function endRemoteSession(ctx: ActorContext, id: string) {
  const session = await getSessionOrThrow(ctx, id);
  const finished = await finishSession(session.id, 'ended', `ended by ${ctx.email ?? 'an API key'}`, ctx);
  return getRemoteSession(ctx, (finished ?? session).id);
}

/**
 * Ends the caller's sessions whose peers are gone: the device has no live channel, an active
 * terminal's viewer was not seen for REMOTE_SESSION_STALE_SECONDS, or a session still pending
 * after that long (its ticket or offer never came).
 */
export async function endStaleSessions(ctx: ActorContext) {
  return sweepStaleSessions(tenantWhere(ctx), ctx);
}

/** The stale sweep over `where` (every tenant for the worker's schedule). */
export async function sweepStaleSessions(where: Prisma.RemoteSessionWhereInput, actor: AuthContext, auditActor?: AuditActor) {
  const open = await db.remoteSession.findMany({ where: { AND: [where, { status: { in: ['pending', 'active'] } }] }, take: 5000 });
  if (!open.length) return { ended: 0, ids: [] as string[] };
  const live = new Set(
    (await db.agentChannelPresence.findMany({ where: { deviceId: { in: [...new Set(open.map((s) => s.deviceId))] }, leaseExpiresAt: { gt: new Date() } }, select: { deviceId: true } })).map((p) => p.deviceId),
  );
  const cutoff = Date.now() - env().REMOTE_SESSION_STALE_SECONDS * 1000;
  const ids: string[] = [];
  for (const s of open) {
    let reason: string | null = null;
    if (!live.has(s.deviceId)) reason = 'stale: the device has no open agent channel';
    else if (s.status === 'pending' && s.createdAt.getTime() < cutoff) reason = 'stale: nobody connected';
    else if (s.status === 'active' && s.type === 'terminal' && (s.lastSeenAt?.getTime() ?? 0) < cutoff) reason = 'stale: the viewer is gone';
    if (!reason) continue;
    if (await finishSession(s.id, 'ended', reason, actor, auditActor)) ids.push(s.id);
  }
  return { ended: ids.length, ids };
}
