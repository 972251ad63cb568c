// The mobile API's device screens and home-screen summary, on the same scoped queries, device
// lookups and command path as the console.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';
import { filterWhere } from '@/lib/devices/list-devices';
import { ZListDevicesQuery } from '@/lib/devices/schemas';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { acceptsCommands, createDeviceCommand } from '@/lib/devices/create-device-command';
import { effectivePolicy } from '@/lib/policies/effective-policy';
import { deviceMaintenanceNow } from '@/lib/maintenance/device-maintenance-now';
import type { CommandInput } from '@/lib/devices/command-schemas';
import { MOBILE_ACTIONS, type ZMobileDevicesQuery } from '@/lib/mobile/schemas';
import type { Device } from '@/lib/generated/prisma/client';

const OPEN = ['active', 'acknowledged'] as const;

async function openAlertCounts(deviceIds: string[]): Promise<Map<string, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.alert.groupBy({ by: ['deviceId'], where: { deviceId: { in: deviceIds }, status: { in: [...OPEN] } }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.deviceId!, r._count._all]));
}

function compact(d: Device, openAlerts: number) {
  return {
    id: d.id,
    orgId: d.orgId,
    name: d.displayName ?? d.hostname,
    hostname: d.hostname,
    status: d.status,
    osType: d.osType,
    lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
    openAlerts,
  };
}

/** A page of compact device rows by hostname, each with its open-alert count. */
export async function listMobileDevices(ctx: ActorContext, q: z.output<typeof ZMobileDevicesQuery>) {
  const where = filterWhere(ctx, ZListDevicesQuery.parse({ search: q.search, status: q.status, orgId: q.orgId }));
  const [rows, total] = await Promise.all([
    db.device.findMany({ where, orderBy: [{ hostname: 'asc' }, { id: 'asc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db.device.count({ where }),
  ]);
  const counts = await openAlertCounts(rows.map((r) => r.id));
  return { data: rows.map((d) => compact(d, counts.get(d.id) ?? 0)), pagination: { page: q.page, limit: q.limit, total } };
}

export async function getMobileDevice(ctx: ActorContext, id: string) {
  const d = await getDeviceOrThrow(ctx, id);
  const [alerts, commands] = await Promise.all([
    db.alert.findMany({ where: { deviceId: d.id, status: { in: [...OPEN] } }, orderBy: { triggeredAt: 'desc' }, take: 10, select: { id: true, title: true, severity: true, status: true, triggeredAt: true } }),
    db.deviceCommand.findMany({ where: { deviceId: d.id }, orderBy: { createdAt: 'desc' }, take: 5, select: { id: true, type: true, status: true, createdAt: true } }),
  ]);
  return {
    ...compact(d, (await openAlertCounts([d.id])).get(d.id) ?? 0),
    osVersion: d.osVersion,
    agentVersion: d.agentVersion,
    lastUser: d.lastUser,
    cpuPercent: d.cpuPercent,
    memoryPercent: d.memoryPercent,
    diskPercent: d.diskPercent,
    uptimeSeconds: d.uptimeSeconds === null ? null : Number(d.uptimeSeconds),
    alerts: alerts.map((a) => ({ ...a, triggeredAt: a.triggeredAt.toISOString() })),
    recentCommands: commands.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
  };
}

export async function getMobileDeviceSettings(ctx: ActorContext, id: string) {
  const d = await getDeviceOrThrow(ctx, id);
  const [policy, maintenance] = await Promise.all([effectivePolicy(ctx, d.id), deviceMaintenanceNow(db, { partnerId: d.partnerId, orgId: d.orgId, siteId: d.siteId, deviceId: d.id })]);
  const mayAct = ctx.permissions.has('devices:execute') && acceptsCommands(d);
  return {
    deviceId: d.id,
    maintenance: { active: maintenance !== null, windowId: maintenance?.windowId ?? null, endsAt: maintenance?.endsAt.toISOString() ?? null },
    policies: policy.policies.map((p) => ({ policyId: p.policyId, name: p.name })),
    inventoryIntervalMinutes: policy.settings.inventoryIntervalMinutes ?? null,
    actions: mayAct ? [...MOBILE_ACTIONS] : [],
  };
}

export function runMobileAction(ctx: ActorContext, id: string, input: CommandInput) {
  return createDeviceCommand(ctx, id, input);
}

export async function mobileSummary(ctx: ActorContext) {
  const devicesWhere = filterWhere(ctx, ZListDevicesQuery.parse({}));
  const alertsWhere = { AND: [tenantWhere(ctx), { status: { in: [...OPEN] } }] };
  // Alert counts need alerts:read as well; without it they are null, not zero.
  const seesAlerts = ctx.permissions.has('alerts:read');
  const [byStatus, bySeverity, unacknowledged, unread] = await Promise.all([
    db.device.groupBy({ by: ['status'], where: devicesWhere, _count: { _all: true } }),
    seesAlerts ? db.alert.groupBy({ by: ['severity'], where: alertsWhere, _count: { _all: true } }) : Promise.resolve([]),
    seesAlerts ? db.alert.count({ where: { AND: [tenantWhere(ctx), { status: 'active' }] } }) : Promise.resolve(0),
    db.notification.count({ where: { userId: ctx.userId, readAt: null } }),
  ]);
  const status = (s: string) => byStatus.find((r) => r.status === s)?._count._all ?? 0;
  const severity = (s: string) => bySeverity.find((r) => r.severity === s)?._count._all ?? 0;
  return {
    devices: { total: byStatus.reduce((n, r) => n + r._count._all, 0), online: status('online'), offline: status('offline'), pending: status('pending') },
    alerts: !seesAlerts ? null : { open: bySeverity.reduce((n, r) => n + r._count._all, 0), unacknowledged, critical: severity('critical'), high: severity('high'), medium: severity('medium'), low: severity('low'), info: severity('info') },
    unreadNotifications: unread,
    generatedAt: new Date().toISOString(),
  };
}
