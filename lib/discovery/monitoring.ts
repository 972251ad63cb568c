// Monitoring of a discovered asset: one TCP monitor (lib/monitors, run by the worker) per chosen
// port, and for an asset that answered SNMP an SNMP device (lib/snmp, polled with the
// credential that answered during the scan, the chosen template). The settings stay on the asset when
// monitoring is disabled, so enabling again restores them.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { DiscoveryAsset, Prisma } from '@/lib/generated/prisma/client';
import { AppError, badRequest } from '@/lib/http/errors';
import { deleteMonitor } from '@/lib/monitors/monitors';
import { assertMonitorTarget } from '@/lib/monitors/assert-monitor-target';
import { getAssetOrThrow } from '@/lib/discovery/get-asset-or-throw';
import { ZMonitoringSettings, type MonitoringSettings, type ZEnableMonitoring, type ZPatchMonitoring } from '@/lib/discovery/schemas';
import { toAssetDto, unsealCredentials } from '@/lib/discovery/to-dto';
import { createSnmpDevice } from '@/lib/snmp/create-snmp-device';
import { acceptsCommands } from '@/lib/devices/create-device-command';

/** The built-in IF-MIB template (prisma/migrations/20261128120000_snmp): uptime and interfaces. */
const GENERIC_INTERFACES_TEMPLATE_ID = '00000000-0000-4000-8000-000000005301';

function settingsOf(asset: DiscoveryAsset, overrides: Partial<MonitoringSettings> = {}): MonitoringSettings {
  const stored = ZMonitoringSettings.partial().safeParse(asset.monitoring ?? {});
  const base = stored.success ? stored.data : {};
  return {
    ports: overrides.ports ?? base.ports ?? asset.openPorts.slice(0, 10),
    intervalSeconds: overrides.intervalSeconds ?? base.intervalSeconds ?? 300,
    severity: overrides.severity ?? base.severity ?? 'high',
    snmp: overrides.snmp ?? base.snmp ?? asset.snmp !== null,
    // null is a choice (no template), so only a missing value takes the default.
    snmpTemplateId: overrides.snmpTemplateId !== undefined ? overrides.snmpTemplateId : base.snmpTemplateId !== undefined ? base.snmpTemplateId : GENERIC_INTERFACES_TEMPLATE_ID,
  };
}

function monitoringDto(asset: DiscoveryAsset) {
  return { assetId: asset.id, enabled: asset.monitoringEnabled, settings: settingsOf(asset), monitorIds: asset.monitorIds, snmpDeviceId: asset.snmpDeviceId };
}

function assetName(asset: DiscoveryAsset): string {
  return (asset.hostname ?? (asset.snmp as { sysName?: string } | null)?.sysName ?? asset.ip).slice(0, 200);
}

/** Deletes the monitors this asset created (their open alerts are resolved). */
export async function removeAssetMonitors(asset: DiscoveryAsset): Promise<void> {
  // The asset's own organization: the caller was authorised for the asset already.
  const owner: ScopedContext = { scope: 'organization', partnerId: asset.partnerId, orgId: asset.orgId, orgAccess: 'all', orgIds: [] };
  for (const id of asset.monitorIds) {
    try {
      await deleteMonitor(owner, id);
    } catch (error) {
      // Deleted by hand already.
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
  }
}

/** A template given in the settings is a built-in one or the asset's partner's, whether or not it is used now. */
async function assertTemplateVisible(asset: Pick<DiscoveryAsset, 'partnerId'>, templateId: string | null | undefined): Promise<void> {
  if (!templateId) return;
  const template = await db.snmpTemplate.findFirst({ where: { id: templateId, OR: [{ builtIn: true }, { partnerId: asset.partnerId }] }, select: { id: true } });
  if (!template) throw badRequest('Unknown SNMP template', [{ path: 'snmpTemplateId', message: 'No such template' }], 'SNMP_TEMPLATE_NOT_FOUND');
}

async function applyMonitoring(ctx: ActorContext | ScopedContext, asset: DiscoveryAsset, settings: MonitoringSettings) {
  const min = env().MONITOR_MIN_INTERVAL_SECONDS;
  if (settings.intervalSeconds < min) throw badRequest(`intervalSeconds must be at least ${min}`, [{ path: 'intervalSeconds', message: `Minimum ${min}` }]);
  const wantsSnmp = settings.snmp && asset.snmp !== null;
  if (settings.ports.length === 0 && !wantsSnmp) {
    throw new AppError('NOTHING_TO_MONITOR', 422, 'The asset has no open port to watch and did not answer SNMP: name ports to monitor', [{ path: 'ports', message: 'Give at least one port' }]);
  }
  if (settings.ports.length) await assertMonitorTarget('tcp', { host: asset.ip });
  if (wantsSnmp) await assertTemplateVisible(asset, settings.snmpTemplateId);
  // Monitors of ports no longer wanted go; kept ones take the new interval and severity.
  const existing = await db.monitor.findMany({ where: { id: { in: asset.monitorIds }, orgId: asset.orgId } });
  const keep: string[] = [];
  const covered = new Set<number>();
  for (const monitor of existing) {
    const config = monitor.config as { host?: unknown; port?: unknown };
    const port = Number(config.port);
    if (monitor.kind === 'tcp' && config.host === asset.ip && settings.ports.includes(port) && !covered.has(port)) {
      await db.monitor.update({ where: { id: monitor.id }, data: { intervalSeconds: settings.intervalSeconds, severity: settings.severity } });
      keep.push(monitor.id);
      covered.add(port);
    }
  }
  await removeAssetMonitors({ ...asset, monitorIds: asset.monitorIds.filter((id) => !keep.includes(id)) });
  const created: string[] = [];
  for (const port of settings.ports.filter((p) => !covered.has(p))) {
    const monitor = await db.monitor.create({
      data: {
        partnerId: asset.partnerId,
        orgId: asset.orgId,
        name: `${assetName(asset)} tcp/${port}`,
        kind: 'tcp',
        config: { host: asset.ip, port } as Prisma.InputJsonValue,
        intervalSeconds: settings.intervalSeconds,
        severity: settings.severity,
        createdBy: 'userId' in ctx ? (ctx.userId ?? null) : null,
      },
    });
    created.push(monitor.id);
  }
  const snmpDeviceId = wantsSnmp ? await ensureSnmpDevice(ctx, asset, settings) : await removeSnmpDevice(asset);
  return db.discoveryAsset.update({
    where: { id: asset.id },
    data: { monitoringEnabled: true, monitoring: settings as unknown as Prisma.InputJsonValue, monitorIds: [...keep, ...created], snmpDeviceId },
  });
}

/** The asset's SNMP device, created with the credential that answered the scan; null when that credential is gone. */
async function ensureSnmpDevice(ctx: ActorContext | ScopedContext, asset: DiscoveryAsset, settings: MonitoringSettings): Promise<string | null> {
  if (asset.snmpDeviceId) {
    // The existing device follows the chosen template (its other settings are its own).
    const kept = await db.snmpDevice.updateMany({ where: { id: asset.snmpDeviceId, orgId: asset.orgId }, data: { templateId: settings.snmpTemplateId } });
    if (kept.count) return asset.snmpDeviceId;
  }
  const identity = asset.snmp as { credentialIndex?: number; sysName?: string } | null;
  const profile = asset.profileId ? await db.discoveryProfile.findUnique({ where: { id: asset.profileId } }) : null;
  const credentials = profile ? unsealCredentials(profile.snmpCredentialsSealed)[identity?.credentialIndex ?? 0] : undefined;
  if (!profile || !credentials) return null;
  const device = await db.$transaction(async (tx) => {
    const template = settings.snmpTemplateId ? await tx.snmpTemplate.findFirst({ where: { id: settings.snmpTemplateId }, select: { id: true } }) : null;
    // The probe that found the asset reaches it from its network: it polls it, unless it is gone.
    const probe = await tx.device.findFirst({ where: { id: profile.probeDeviceId, orgId: asset.orgId }, select: { id: true, status: true } });
    return createSnmpDevice(tx, { partnerId: asset.partnerId, orgId: asset.orgId, createdBy: 'userId' in ctx ? (ctx.userId ?? null) : null }, {
      name: assetName(asset),
      host: asset.ip,
      port: profile.snmpPort,
      credentials,
      templateId: template?.id ?? null,
      pollIntervalSeconds: Math.max(60, settings.intervalSeconds),
      discoveryAssetId: asset.id,
      probeDeviceId: probe && acceptsCommands(probe) ? probe.id : null,
    });
  });
  return device.id;
}

async function removeSnmpDevice(asset: Pick<DiscoveryAsset, 'snmpDeviceId' | 'orgId'>): Promise<null> {
  if (asset.snmpDeviceId) await db.snmpDevice.deleteMany({ where: { id: asset.snmpDeviceId, orgId: asset.orgId } });
  return null;
}

export async function enableMonitoring(ctx: ActorContext, id: string, input: z.output<typeof ZEnableMonitoring>) {
  const asset = await getAssetOrThrow(ctx, id);
  if (asset.ignoredAt) throw new AppError('ASSET_IGNORED', 409, 'The asset is ignored: show it again before monitoring it');
  await assertTemplateVisible(asset, input.snmpTemplateId);
  const updated = await applyMonitoring(ctx, asset, settingsOf(asset, input));
  return { asset: toAssetDto(updated), monitoring: monitoringDto(updated) };
}

export async function disableMonitoring(ctx: ScopedContext, id: string) {
  const asset = await getAssetOrThrow(ctx, id);
  await removeAssetMonitors(asset);
  await removeSnmpDevice(asset);
  const updated = await db.discoveryAsset.update({ where: { id: asset.id }, data: { monitoringEnabled: false, monitorIds: [], snmpDeviceId: null } });
  return { asset: toAssetDto(updated), monitoring: monitoringDto(updated) };
}

export async function getMonitoring(ctx: ScopedContext, id: string) {
  return monitoringDto(await getAssetOrThrow(ctx, id));
}

/** Changes the settings; while monitoring is on the monitors follow at once. */
export async function patchMonitoring(ctx: ActorContext, id: string, input: z.output<typeof ZPatchMonitoring>) {
  const asset = await getAssetOrThrow(ctx, id);
  const { enabled, ...changes } = input;
  await assertTemplateVisible(asset, changes.snmpTemplateId);
  const settings = settingsOf(asset, changes);
  const turnOn = enabled ?? asset.monitoringEnabled;
  if (!turnOn) {
    if (asset.monitoringEnabled) {
      await removeAssetMonitors(asset);
      await removeSnmpDevice(asset);
    }
    const updated = await db.discoveryAsset.update({ where: { id: asset.id }, data: { monitoringEnabled: false, monitorIds: [], snmpDeviceId: null, monitoring: settings as unknown as Prisma.InputJsonValue } });
    return monitoringDto(updated);
  }
  if (asset.ignoredAt) throw new AppError('ASSET_IGNORED', 409, 'The asset is ignored: show it again before monitoring it');
  return monitoringDto(await applyMonitoring(ctx, asset, settings));
}
