// Tracked incidents: opened by hand, or promoted from a source record. Promotion takes a source
// kind and id; each kind has a resolver that reads the record in the caller's scope and gives the
// incident's organization, device, title, severity and detection time. A record is promoted at
// most once per organization (409). A threat may instead be linked to an existing incident of its
// organization (`incidentId`: one outbreak on several devices is one incident); the threat keeps
// the incident it belongs to either way, and the link is audited on the threat.
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db, type Tx } from '@/lib/db';
import type { Incident } from '@/lib/generated/prisma/client';
import { AppError, badRequest, conflict, notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import { resolveIncidentOrg } from '@/lib/incidents/scope';
import { deviceWhere } from '@/lib/devices/device-scope';
import { writeAudit } from '@/lib/audit/write-audit';
import type { CreateIncident, Promote, Severity, TIncident, UpdateIncident } from '@/lib/incidents/schemas';

export function toIncidentDto(i: Incident): TIncident {
  return {
    id: i.id,
    orgId: i.orgId,
    deviceId: i.deviceId,
    title: i.title,
    description: i.description,
    severity: i.severity as Severity,
    status: i.status as TIncident['status'],
    sourceKind: i.sourceKind as TIncident['sourceKind'],
    sourceId: i.sourceId,
    edrStatus: i.edrStatus,
    detectedAt: i.detectedAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export async function createIncident(ctx: ActorContext, input: CreateIncident) {
  const owner = await resolveIncidentOrg(ctx, input.orgId);
  if (input.deviceId && !(await db.device.findFirst({ where: { id: input.deviceId, orgId: owner.orgId }, select: { id: true } }))) {
    throw badRequest('deviceId names no device of this organization', [{ path: 'deviceId', message: 'Unknown device' }]);
  }
  const row = await db.incident.create({
    data: { ...owner, title: input.title, description: input.description ?? null, severity: input.severity, deviceId: input.deviceId ?? null, detectedAt: input.detectedAt ? new Date(input.detectedAt) : new Date(), sourceKind: 'manual', createdBy: ctx.userId },
  });
  return toIncidentDto(row);
}

interface PromotedSource {
  partnerId: string;
  orgId: string;
  deviceId: string | null;
  title: string;
  description: string | null;
  severity: Severity;
  detectedAt: Date;
  edrStatus: string | null;
  /** Links the source to the new incident, in the same transaction. */
  link?: (tx: Tx, incidentId: string) => Promise<void>;
}

type Promoter = (ctx: ActorContext, id: string) => Promise<PromotedSource | null>;

const ALERT_SEVERITY: Record<string, Severity> = { critical: 'p1', high: 'p2', medium: 'p3', low: 'p4', info: 'p4' };

/** A threat in the caller's scope (raw detections need devices:read, as the threat list does). */
async function threatInScope(ctx: ActorContext, id: string) {
  if (!ctx.permissions.has('devices:read')) return null;
  return db.securityThreat.findFirst({ where: { id, device: deviceWhere(ctx) }, include: { device: { select: { partnerId: true, orgId: true, hostname: true } } } });
}

/** Sets the threat's incident unless another got there first, and audits it on the threat. */
async function linkThreat(tx: Tx, ctx: ActorContext, threat: { id: string; name: string; filePath: string; device: { partnerId: string; orgId: string } }, incidentId: string, created: boolean) {
  const { count } = await tx.securityThreat.updateMany({ where: { id: threat.id, incidentId: null }, data: { incidentId } });
  if (!count) throw conflict('The threat is already tracked by an incident', 'ALREADY_PROMOTED');
  await writeAudit(ctx, { action: created ? 'security.threat.promote' : 'security.threat.link_incident', targetType: 'security_threat', targetId: threat.id, partnerId: threat.device.partnerId, orgId: threat.device.orgId, details: { incidentId, name: threat.name, filePath: threat.filePath } }, tx);
}

const PROMOTERS: Partial<Record<Promote['sourceKind'], Promoter>> = {
  alert: async (ctx, id) => {
    const a = await db.alert.findFirst({ where: { id, ...tenantWhere(ctx) } });
    return a && { partnerId: a.partnerId, orgId: a.orgId, deviceId: a.deviceId, title: a.title, description: a.message, severity: ALERT_SEVERITY[a.severity] ?? 'p3', detectedAt: a.triggeredAt, edrStatus: null };
  },
  finding: async (ctx, id) => {
    // Raw findings are visible to callers with devices:read only, as in the feed.
    if (!(ctx as ActorContext).permissions.has('devices:read')) return null;
    const f = await db.edrFinding.findFirst({ where: { id, ...tenantWhere(ctx) } });
    if (!f) return null;
    if (f.trackedIncidentId) throw conflict('The finding is already tracked', 'ALREADY_PROMOTED', { incidentId: f.trackedIncidentId });
    return {
      partnerId: f.partnerId,
      orgId: f.orgId,
      deviceId: f.deviceId,
      title: f.title,
      description: `${f.source} finding ${f.externalId}${f.hostname ? ` on ${f.hostname}` : ''}${f.linkOut ? ` (${f.linkOut})` : ''}`,
      severity: f.severity as Severity,
      detectedAt: f.detectedAt,
      edrStatus: f.edrStatus,
      link: async (tx, incidentId) => {
        const { count } = await tx.edrFinding.updateMany({ where: { id: f.id, trackedIncidentId: null }, data: { trackedIncidentId: incidentId } });
        if (!count) throw conflict('The finding was promoted first by someone else', 'ALREADY_PROMOTED');
      },
    };
  },
  threat: async (ctx, id) => {
    const t = await threatInScope(ctx, id);
    if (!t) return null;
    if (t.incidentId) throw conflict('The threat is already tracked by an incident', 'ALREADY_PROMOTED', { incidentId: t.incidentId });
    return {
      partnerId: t.device.partnerId,
      orgId: t.device.orgId,
      deviceId: t.deviceId,
      title: `${t.name} on ${t.device.hostname}`,
      description: `ClamAV detected ${t.name} in ${t.filePath}${t.sha256 ? ` (SHA-256 ${t.sha256})` : ''}; the threat was ${t.status} when promoted.`,
      severity: ALERT_SEVERITY[t.severity] ?? 'p2',
      detectedAt: t.detectedAt,
      edrStatus: null,
      link: (tx, incidentId) => linkThreat(tx, ctx, t, incidentId, true),
    };
  },
};

/** Links a threat to an existing incident of its organization instead of opening one. */
async function linkThreatToIncident(ctx: ActorContext, input: Promote & { incidentId: string }) {
  const threat = await threatInScope(ctx, input.sourceId);
  if (!threat) throw notFound('Threat');
  if (threat.incidentId) throw conflict('The threat is already tracked by an incident', 'ALREADY_PROMOTED', { incidentId: threat.incidentId });
  const incident = await db.incident.findFirst({ where: { id: input.incidentId, ...tenantWhere(ctx) } });
  if (!incident) throw notFound('Incident');
  if (incident.orgId !== threat.device.orgId) throw badRequest('The incident belongs to another organization than the threat', [{ path: 'incidentId', message: 'Not an incident of the threat’s organization' }]);
  await db.$transaction((tx) => linkThreat(tx, ctx, threat, incident.id, false));
  return toIncidentDto(incident);
}

export async function promoteToIncident(ctx: ActorContext, input: Promote) {
  if (input.incidentId) {
    if (input.sourceKind !== 'threat') throw badRequest('Only a threat can be linked to an existing incident', [{ path: 'incidentId', message: 'Only with sourceKind threat' }]);
    return linkThreatToIncident(ctx, { ...input, incidentId: input.incidentId });
  }
  const promoter = PROMOTERS[input.sourceKind];
  if (!promoter) throw new AppError('SOURCE_KIND_UNAVAILABLE', 422, `Promotion from ${input.sourceKind} is not available on this service`);
  const source = await promoter(ctx, input.sourceId);
  if (!source) throw notFound(input.sourceKind === 'alert' ? 'Alert' : input.sourceKind === 'finding' ? 'Finding' : 'Threat');
  const existing = await db.incident.findFirst({ where: { orgId: source.orgId, sourceKind: input.sourceKind, sourceId: input.sourceId }, select: { id: true } });
  if (existing) throw conflict(`The ${input.sourceKind} is already tracked`, 'ALREADY_PROMOTED', { incidentId: existing.id });
  const row = await db.$transaction(async (tx) => {
    const created = await tx.incident.create({
      data: {
        partnerId: source.partnerId,
        orgId: source.orgId,
        deviceId: source.deviceId,
        title: input.title ?? source.title.slice(0, 500),
        description: source.description?.slice(0, 10_000) ?? null,
        severity: input.severity ?? source.severity,
        detectedAt: source.detectedAt,
        edrStatus: source.edrStatus,
        sourceKind: input.sourceKind,
        sourceId: input.sourceId,
        createdBy: ctx.userId,
      },
    });
    await source.link?.(tx, created.id);
    return created;
  });
  return toIncidentDto(row);
}

async function getOrThrow(ctx: ScopedContext, id: string): Promise<Incident> {
  const row = await db.incident.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!row) throw notFound('Incident');
  return row;
}

export async function getIncident(ctx: ScopedContext, id: string) {
  return toIncidentDto(await getOrThrow(ctx, id));
}

export async function updateIncident(ctx: ScopedContext, id: string, input: UpdateIncident) {
  const current = await getOrThrow(ctx, id);
  const closing = input.status === 'resolved' || input.status === 'closed';
  const row = await db.incident.update({
    where: { id: current.id },
    data: { ...input, resolvedAt: input.status === undefined ? undefined : closing ? (current.resolvedAt ?? new Date()) : null },
  });
  return toIncidentDto(row);
}
