// Threat scans and actions. POST /security/scan/:deviceId queues a security_scan command (ClamAV
// on Linux); its result turns detections into threats. Quarantine, remove and restore each queue
// a threat_action command the agent carries out; the threat changes when the agent reports back.
// Every request and every agent outcome is audited.
import { db, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext, AgentContext } from '@/lib/auth/context';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { deviceWhere } from '@/lib/devices/device-scope';
import { z } from 'zod';

export const DEFAULT_SCAN_PATHS = ['/home', '/tmp', '/var/tmp', '/root'];
const ACTIONS = { quarantine: ['detected', 'restored'], remove: ['detected', 'quarantined', 'restored'], restore: ['quarantined'] } as const;
export type ThreatAction = keyof typeof ACTIONS;

type ScanRow = Prisma.SecurityScanGetPayload<object>;
export const toScanDto = (s: ScanRow) => ({
  id: s.id,
  deviceId: s.deviceId,
  commandId: s.commandId,
  status: s.status as 'queued' | 'completed' | 'failed',
  paths: s.paths,
  engine: s.engine,
  filesScanned: s.filesScanned,
  threatsFound: s.threatsFound,
  error: s.error,
  requestedById: s.requestedById,
  createdAt: s.createdAt.toISOString(),
  completedAt: s.completedAt?.toISOString() ?? null,
});

type ThreatRow = Prisma.SecurityThreatGetPayload<{ include: { device: { select: { hostname: true; orgId: true } } } }>;
export const toThreatDto = (t: ThreatRow) => ({
  id: t.id,
  deviceId: t.deviceId,
  hostname: t.device.hostname,
  orgId: t.device.orgId,
  scanId: t.scanId,
  name: t.name,
  filePath: t.filePath,
  sha256: t.sha256,
  severity: t.severity,
  status: t.status as 'detected' | 'quarantined' | 'removed' | 'restored',
  quarantinePath: t.quarantinePath,
  pendingAction: t.pendingAction as ThreatAction | null,
  lastError: t.lastError,
  incidentId: t.incidentId,
  detectedAt: t.detectedAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export async function requestScan(ctx: ActorContext, deviceId: string, body: { paths?: string[] }) {
  return db.$transaction(async (tx) => {
    const device = await getDeviceOrThrow(ctx, deviceId, tx);
    if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${device.status}: it takes no commands`);
    if (device.osType !== 'linux') throw new AppError('SCAN_UNSUPPORTED_OS', 422, `Threat scans run ClamAV on Linux; this device runs ${device.osType ?? 'an unknown OS'}`);
    const state = await tx.deviceSecurityState.findUnique({ where: { deviceId } });
    const av = state?.antivirus as { installed?: boolean } | undefined;
    if (!state) throw new AppError('SECURITY_STATE_UNKNOWN', 422, 'The device has not reported its security state yet: whether ClamAV is installed is unknown');
    if (!av?.installed) throw new AppError('CLAMAV_NOT_INSTALLED', 422, 'ClamAV (clamscan) is not installed on this device: install the clamav package, then scan again');
    const policies = await tx.securityPolicy.findMany({ where: { partnerId: device.partnerId, OR: [{ orgId: device.orgId }, { orgId: null }] } });
    const policy = policies.find((p) => p.orgId === device.orgId) ?? policies.find((p) => p.orgId === null);
    const paths = body.paths?.length ? body.paths : policy?.scanPaths.length ? policy.scanPaths : DEFAULT_SCAN_PATHS;
    const scan = await tx.securityScan.create({ data: { deviceId, paths, requestedById: ctx.userId } });
    const command = await tx.deviceCommand.create({
      data: { partnerId: device.partnerId, orgId: device.orgId, deviceId, type: 'security_scan', payload: { scanId: scan.id, paths }, source: 'security', createdById: ctx.userId },
    });
    const row = await tx.securityScan.update({ where: { id: scan.id }, data: { commandId: command.id } });
    await writeAudit(ctx, { action: 'security.scan.request', targetType: 'device', targetId: deviceId, partnerId: device.partnerId, orgId: device.orgId, details: { scanId: scan.id, commandId: command.id, paths } }, tx);
    (ctx as { audited?: boolean }).audited = true;
    return toScanDto(row);
  });
}

export async function listScans(ctx: ActorContext, deviceId: string, q: { page: number; limit: number }) {
  await getDeviceOrThrow(ctx, deviceId);
  const where = { deviceId };
  const [rows, total] = await Promise.all([db.securityScan.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (q.page - 1) * q.limit, take: q.limit }), db.securityScan.count({ where })]);
  // A queued scan whose command timed out or was cancelled will not complete: it reads as failed.
  const commandIds = rows.filter((r) => r.status === 'queued' && r.commandId).map((r) => r.commandId!);
  const ended = commandIds.length ? await db.deviceCommand.findMany({ where: { id: { in: commandIds }, status: { in: ['timed_out', 'cancelled'] } }, select: { id: true, status: true } }) : [];
  const endedBy = new Map(ended.map((c) => [c.id, c.status]));
  const data = rows.map((r) => {
    const status = r.commandId ? endedBy.get(r.commandId) : undefined;
    return status ? { ...toScanDto(r), status: 'failed' as const, error: status === 'timed_out' ? 'The agent did not answer in time' : 'The scan command was cancelled' } : toScanDto(r);
  });
  return { data, pagination: { page: q.page, limit: q.limit, total } };
}

const include = { device: { select: { hostname: true, orgId: true } } } as const;

export async function listThreats(ctx: ActorContext, q: { orgId?: string; status?: string; page: number; limit: number }, deviceId?: string) {
  if (deviceId) await getDeviceOrThrow(ctx, deviceId);
  const where: Prisma.SecurityThreatWhereInput = {
    // The filter narrows the caller's scope (AND), never replaces its organization limit.
    device: { AND: [deviceWhere(ctx), ...(q.orgId ? [{ orgId: q.orgId }] : [])] },
    ...(deviceId ? { deviceId } : {}),
    ...(q.status ? { status: q.status } : {}),
  };
  const [rows, total] = await Promise.all([
    db.securityThreat.findMany({ where, include, orderBy: [{ detectedAt: 'desc' }, { id: 'asc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db.securityThreat.count({ where }),
  ]);
  return { data: rows.map(toThreatDto), pagination: { page: q.page, limit: q.limit, total } };
}

export async function requestThreatAction(ctx: ActorContext, threatId: string, action: ThreatAction) {
  return db.$transaction(async (tx) => {
    const threat = await tx.securityThreat.findFirst({ where: { id: threatId, device: deviceWhere(ctx) }, include: { device: true } });
    if (!threat) throw notFound('Threat');
    if (threat.pendingAction && threat.pendingCommandId) {
      // An action whose command timed out or was cancelled (the agent never answered) no longer blocks.
      const pending = await tx.deviceCommand.findUnique({ where: { id: threat.pendingCommandId }, select: { status: true } });
      if (pending && (pending.status === 'pending' || pending.status === 'sent')) throw conflict(`A ${threat.pendingAction} of this threat is already in progress`, 'ACTION_PENDING');
    }
    if (!(ACTIONS[action] as readonly string[]).includes(threat.status)) throw conflict(`A ${threat.status} threat cannot be ${action === 'remove' ? 'removed' : action === 'restore' ? 'restored' : 'quarantined'}`, 'INVALID_THREAT_STATE');
    if (!acceptsCommands(threat.device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${threat.device.status}: it takes no commands`);
    const command = await tx.deviceCommand.create({
      data: {
        partnerId: threat.device.partnerId,
        orgId: threat.device.orgId,
        deviceId: threat.deviceId,
        type: 'threat_action',
        payload: { threatId, action, path: threat.filePath },
        source: 'security',
        createdById: ctx.userId,
      },
    });
    const updated = await tx.securityThreat.update({ where: { id: threatId }, data: { pendingAction: action, pendingCommandId: command.id, lastError: null }, include });
    await writeAudit(ctx, { action: `security.threat.${action}`, targetType: 'security_threat', targetId: threatId, partnerId: threat.device.partnerId, orgId: threat.device.orgId, details: { commandId: command.id, filePath: threat.filePath, name: threat.name } }, tx);
    (ctx as { audited?: boolean }).audited = true;
    return toThreatDto(updated);
  });
}

const ZScanResult = z.object({
  engine: z.string().nullable().optional(),
  filesScanned: z.number().int().nullable().optional(),
  detections: z.array(z.object({ path: z.string().max(4096), signature: z.string().max(500), sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable().optional() })).max(1000).default([]),
});
const ZActionResult = z.object({ quarantinePath: z.string().max(4096).optional() });

/** The result of a security_scan or threat_action command, in the result's transaction. */
export async function recordSecurityCommandResult(tx: Tx, ctx: AgentContext, command: { id: string; type: string; deviceId: string; payload: unknown }, input: { status: string; stderr?: string | null; result?: unknown }) {
  if (command.type === 'security_scan') {
    const scan = await tx.securityScan.findFirst({ where: { commandId: command.id, deviceId: command.deviceId } });
    if (!scan) return;
    const parsed = ZScanResult.safeParse(input.result ?? {});
    if (input.status !== 'completed' || !parsed.success) {
      await tx.securityScan.update({ where: { id: scan.id }, data: { status: 'failed', completedAt: new Date(), error: (input.stderr || (parsed.success ? `The scan ended ${input.status}` : 'The agent answered a result this server cannot read')).slice(0, 4000) } });
      await writeAudit(ctx, { action: 'security.scan.failed', targetType: 'device', targetId: command.deviceId, partnerId: ctx.partnerId, orgId: ctx.orgId, result: 'failure', details: { scanId: scan.id } }, tx);
      return;
    }
    const found = parsed.data.detections;
    if (found.length) {
      await tx.securityThreat.createMany({ data: found.map((d) => ({ deviceId: command.deviceId, scanId: scan.id, name: d.signature, filePath: d.path, sha256: d.sha256 ?? null, severity: 'high' })) });
    }
    await tx.securityScan.update({ where: { id: scan.id }, data: { status: 'completed', completedAt: new Date(), engine: parsed.data.engine ?? null, filesScanned: parsed.data.filesScanned ?? null, threatsFound: found.length } });
    await writeAudit(ctx, { action: 'security.scan.completed', targetType: 'device', targetId: command.deviceId, partnerId: ctx.partnerId, orgId: ctx.orgId, details: { scanId: scan.id, threatsFound: found.length } }, tx);
    return;
  }
  if (command.type === 'threat_action') {
    const threat = await tx.securityThreat.findFirst({ where: { pendingCommandId: command.id, deviceId: command.deviceId } });
    if (!threat) return;
    const action = threat.pendingAction as ThreatAction;
    const ok = input.status === 'completed';
    const res = ZActionResult.safeParse(input.result ?? {});
    const next = !ok ? threat.status : action === 'quarantine' ? 'quarantined' : action === 'remove' ? 'removed' : 'restored';
    await tx.securityThreat.update({
      where: { id: threat.id },
      data: {
        status: next,
        pendingAction: null,
        pendingCommandId: null,
        lastError: ok ? null : (input.stderr || `The ${action} ended ${input.status}`).slice(0, 4000),
        quarantinePath: ok ? (action === 'quarantine' ? (res.success ? (res.data.quarantinePath ?? null) : null) : null) : threat.quarantinePath,
      },
    });
    await writeAudit(ctx, { action: `security.threat.${action}.${ok ? 'done' : 'failed'}`, targetType: 'security_threat', targetId: threat.id, partnerId: ctx.partnerId, orgId: ctx.orgId, result: ok ? 'success' : 'failure', details: { commandId: command.id, filePath: threat.filePath } }, tx);
  }
}

/** Threat counts for the dashboard. */
export async function threatCounts(ctx: ActorContext, orgId?: string) {
  const device = { ...deviceWhere(ctx), ...(orgId ? { orgId } : {}) };
  const since = new Date(Date.now() - 30 * 86_400_000);
  const [active, quarantined, last30Days] = await Promise.all([
    db.securityThreat.count({ where: { device, status: { in: ['detected', 'restored'] } } }),
    db.securityThreat.count({ where: { device, status: 'quarantined' } }),
    db.securityThreat.count({ where: { device, detectedAt: { gte: since } } }),
  ]);
  return { active, quarantined, last30Days };
}
