// Elevation requests: submitted by agents, decided at once by a rule or the organization's default
// verdict, or left pending for a technician; approved ones run until they expire, end or are revoked.
// An approved request whose expiry passed reads as `expired` (no sweep needed: the agent enforces
// the expiry itself and reports the end).
import type { ActorContext, AgentContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { PamElevationRequest, Prisma } from '@/lib/generated/prisma/client';
import { conflict, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { firstMatch } from '@/lib/pam/match';
import type { AgentElevationRequest, ListElevationRequestsQuery, PutPamConfig, RespondBody, TElevationRequest } from '@/lib/pam/schemas';
import { resolvePamOrg, signerGroupsOf } from '@/lib/pam/scope';

type Status = TElevationRequest['status'];

export function effectiveStatus(r: Pick<PamElevationRequest, 'status' | 'expiresAt'>, now = new Date()): Status {
  if (r.status === 'approved' && r.expiresAt && r.expiresAt <= now) return 'expired';
  return r.status as Status;
}

export function toRequestDto(r: PamElevationRequest, hostname: string | null): TElevationRequest {
  return {
    id: r.id,
    orgId: r.orgId,
    deviceId: r.deviceId,
    hostname,
    executablePath: r.executablePath,
    sha256: r.sha256,
    signer: r.signer,
    signerThumbprint: r.signerThumbprint,
    parentImage: r.parentImage,
    commandLine: r.commandLine,
    user: r.subjectUser,
    groups: r.subjectGroups,
    reason: r.reason,
    status: effectiveStatus(r),
    decidedBy: r.decidedBy as TElevationRequest['decidedBy'],
    ruleId: r.ruleId,
    decidedByUserId: r.decidedByUserId,
    decisionNote: r.decisionNote,
    durationMinutes: r.durationMinutes,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    exitCode: r.exitCode,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function loadRequestDtos(rows: PamElevationRequest[]): Promise<TElevationRequest[]> {
  const devices = rows.length ? await db.device.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.deviceId))] } }, select: { id: true, hostname: true } }) : [];
  const names = new Map(devices.map((d) => [d.id, d.hostname]));
  return rows.map((r) => toRequestDto(r, names.get(r.deviceId) ?? null));
}

function statusWhere(status: Status | undefined, now: Date): Prisma.PamElevationRequestWhereInput {
  if (!status) return {};
  if (status === 'approved') return { status: 'approved', expiresAt: { gt: now } };
  if (status === 'expired') return { OR: [{ status: 'expired' }, { status: 'approved', expiresAt: { lte: now } }] };
  return { status };
}

export async function listElevationRequests(ctx: ScopedContext, query: ListElevationRequestsQuery) {
  const now = new Date();
  const where: Prisma.PamElevationRequestWhereInput = {
    AND: [
      tenantWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.deviceId ? { deviceId: query.deviceId } : {},
      query.user ? { subjectUser: { equals: query.user, mode: 'insensitive' } } : {},
      query.search ? { OR: [{ executablePath: { contains: query.search, mode: 'insensitive' } }, { commandLine: { contains: query.search, mode: 'insensitive' } }] } : {},
      query.from ? { createdAt: { gte: new Date(query.from) } } : {},
      query.to ? { createdAt: { lt: new Date(query.to) } } : {},
      statusWhere(query.status, now),
    ],
  };
  const [rows, total] = await Promise.all([db.pamElevationRequest.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }), db.pamElevationRequest.count({ where })]);
  return pageResult(await loadRequestDtos(rows), query, total);
}

export async function listActiveElevations(ctx: ScopedContext, query: ListElevationRequestsQuery) {
  return listElevationRequests(ctx, { ...query, status: 'approved' });
}

async function getRequestOrThrow(ctx: ScopedContext, id: string): Promise<PamElevationRequest> {
  const found = await db.pamElevationRequest.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!found) throw notFound('Elevation request');
  return found;
}

const minutes = (n: number) => n * 60_000;

async function readConfig(orgId: string) {
  return db.pamConfig.findUnique({ where: { orgId } });
}

export async function respondToRequest(ctx: ActorContext, id: string, body: RespondBody): Promise<TElevationRequest> {
  const current = await getRequestOrThrow(ctx, id);
  if (current.status !== 'pending') throw conflict(`The request is ${effectiveStatus(current)}, not pending`, 'NOT_PENDING');
  const now = new Date();
  const approve = body.decision === 'approve';
  const duration = approve ? (body.durationMinutes ?? (await readConfig(current.orgId))?.defaultDurationMinutes ?? 15) : null;
  const { count } = await db.pamElevationRequest.updateMany({
    where: { id: current.id, status: 'pending' },
    data: {
      status: approve ? 'approved' : 'denied',
      decidedBy: 'technician',
      decidedByUserId: ctx.userId,
      decisionNote: body.note ?? null,
      decidedAt: now,
      durationMinutes: duration,
      expiresAt: duration ? new Date(now.getTime() + minutes(duration)) : null,
    },
  });
  if (!count) throw conflict('The request was decided first by someone else', 'NOT_PENDING');
  return toRequestDtoById(current.id);
}

export async function revokeElevation(ctx: ActorContext, id: string, note: string | undefined): Promise<TElevationRequest> {
  const current = await getRequestOrThrow(ctx, id);
  const now = new Date();
  const { count } = await db.pamElevationRequest.updateMany({
    where: { id: current.id, status: 'approved', expiresAt: { gt: now }, endedAt: null },
    data: { status: 'revoked', revokedAt: now, revokedByUserId: ctx.userId, decisionNote: note ?? current.decisionNote },
  });
  if (!count) throw conflict(`The elevation is ${effectiveStatus(current, now)}, not active`, 'NOT_ACTIVE');
  return toRequestDtoById(current.id);
}

async function toRequestDtoById(id: string): Promise<TElevationRequest> {
  const [dto] = await loadRequestDtos([await db.pamElevationRequest.findUniqueOrThrow({ where: { id } })]);
  return dto;
}

// Configuration.

export async function getPamConfig(ctx: ScopedContext, orgId: string | undefined) {
  const owner = await resolvePamOrg(ctx, orgId);
  const config = await readConfig(owner.orgId);
  return { orgId: owner.orgId, defaultVerdict: (config?.defaultVerdict ?? 'pending') as 'pending' | 'approve' | 'deny', defaultDurationMinutes: config?.defaultDurationMinutes ?? 15, updatedAt: config?.updatedAt.toISOString() ?? null };
}

export async function putPamConfig(ctx: ScopedContext, input: PutPamConfig) {
  const owner = await resolvePamOrg(ctx, input.orgId);
  const data = { defaultVerdict: input.defaultVerdict, defaultDurationMinutes: input.defaultDurationMinutes };
  await db.pamConfig.upsert({ where: { orgId: owner.orgId }, create: { ...owner, ...data }, update: data });
  return getPamConfig(ctx, owner.orgId);
}

// The agent side.

/** A request from the agent's device: decided at once by the first matching rule, else by the default verdict. */
export async function submitElevationRequest(ctx: AgentContext, input: AgentElevationRequest) {
  const [rules, groups, config] = await Promise.all([
    db.pamRule.findMany({ where: { orgId: ctx.orgId, enabled: true }, orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] }),
    signerGroupsOf(ctx.orgId),
    readConfig(ctx.orgId),
  ]);
  const subject = { ...input, subjectUser: input.user, subjectGroups: input.groups };
  const rule = firstMatch(rules, subject, groups);
  const verdict = rule ? rule.verdict : (config?.defaultVerdict ?? 'pending');
  const now = new Date();
  const duration = verdict === 'approve' ? (rule ? rule.durationMinutes : (config?.defaultDurationMinutes ?? 15)) : null;
  const row = await db.pamElevationRequest.create({
    data: {
      partnerId: ctx.partnerId,
      orgId: ctx.orgId,
      deviceId: ctx.deviceId,
      executablePath: input.executablePath,
      sha256: input.sha256,
      signer: input.signer,
      signerThumbprint: input.signerThumbprint,
      parentImage: input.parentImage,
      commandLine: input.commandLine,
      subjectUser: input.user,
      subjectGroups: input.groups,
      reason: input.reason,
      status: verdict === 'approve' ? 'approved' : verdict === 'deny' ? 'denied' : 'pending',
      decidedBy: verdict === 'pending' ? null : rule ? 'rule' : 'default',
      ruleId: rule?.id ?? null,
      decidedAt: verdict === 'pending' ? null : now,
      durationMinutes: duration,
      expiresAt: duration ? new Date(now.getTime() + minutes(duration)) : null,
    },
  });
  return toAgentState(row);
}

function toAgentState(r: PamElevationRequest) {
  return { id: r.id, status: effectiveStatus(r), decidedBy: r.decidedBy as TElevationRequest['decidedBy'], expiresAt: r.expiresAt?.toISOString() ?? null, note: r.decisionNote };
}

async function ownRequest(ctx: AgentContext, id: string): Promise<PamElevationRequest> {
  const found = await db.pamElevationRequest.findFirst({ where: { id, deviceId: ctx.deviceId } });
  if (!found) throw notFound('Elevation request');
  return found;
}

export async function agentElevationState(ctx: AgentContext, id: string) {
  return toAgentState(await ownRequest(ctx, id));
}

/**
 * The agent reports the end of an elevation (or that the requester gave up waiting). A revoked
 * one stays revoked; an approved one becomes completed (the command exited) or expired (killed at
 * expiry); a pending one the requester abandoned becomes expired.
 */
export async function finishElevation(ctx: AgentContext, id: string, body: { exitCode: number | null; outcome: 'exited' | 'revoked' | 'expired' | 'failed' }) {
  const current = await ownRequest(ctx, id);
  const now = new Date();
  if (current.status === 'approved' || current.status === 'revoked') {
    const status = current.status === 'revoked' ? 'revoked' : body.outcome === 'expired' ? 'expired' : 'completed';
    await db.pamElevationRequest.updateMany({ where: { id, endedAt: null }, data: { status, endedAt: now, exitCode: body.exitCode } });
  } else if (current.status === 'pending') {
    await db.pamElevationRequest.updateMany({ where: { id, status: 'pending' }, data: { status: 'expired', endedAt: now, decisionNote: 'The requester stopped waiting' } });
  }
  return toAgentState(await db.pamElevationRequest.findUniqueOrThrow({ where: { id } }));
}
