// Discovered assets: list, link to an enrolled device, ignore (hidden from the list and skipped
// by later scans), delete.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, badRequest } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import type { ZIgnoreAsset, ZLinkAsset, ZListAssetsQuery } from '@/lib/discovery/schemas';
import { toAssetDto } from '@/lib/discovery/to-dto';
import { removeAssetMonitors } from '@/lib/discovery/monitoring';
import { getAssetOrThrow } from '@/lib/discovery/get-asset-or-throw';


function statusWhere(status: z.output<typeof ZListAssetsQuery>['status']): Prisma.DiscoveryAssetWhereInput {
  switch (status) {
    case 'ignored':
      return { ignoredAt: { not: null } };
    case 'monitored':
      return { ignoredAt: null, monitoringEnabled: true };
    case 'linked':
      return { ignoredAt: null, monitoringEnabled: false, linkedDeviceId: { not: null } };
    case 'discovered':
      return { ignoredAt: null, monitoringEnabled: false, linkedDeviceId: null };
    default:
      return { ignoredAt: null };
  }
}

export async function listAssets(ctx: ScopedContext, q: z.output<typeof ZListAssetsQuery>) {
  const search = q.search
    ? { OR: [{ ip: { contains: q.search } }, { mac: { contains: q.search.toLowerCase() } }, { hostname: { contains: q.search, mode: 'insensitive' as const } }, { vendor: { contains: q.search, mode: 'insensitive' as const } }] }
    : {};
  const where: Prisma.DiscoveryAssetWhereInput = { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}, q.profileId ? { profileId: q.profileId } : {}, statusWhere(q.status), search] };
  const [rows, total] = await Promise.all([db.discoveryAsset.findMany({ where, orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }], ...pageArgs(q) }), db.discoveryAsset.count({ where })]);
  return pageResult(rows.map(toAssetDto), q, total);
}

export async function linkAsset(ctx: ScopedContext, id: string, input: z.output<typeof ZLinkAsset>) {
  const asset = await getAssetOrThrow(ctx, id);
  if (input.deviceId) {
    let device;
    try {
      device = await getDeviceOrThrow(ctx, input.deviceId);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw badRequest('Unknown device', [{ path: 'deviceId', message: 'No enrolled device with this id in your scope' }], 'DEVICE_NOT_FOUND');
      throw error;
    }
    if (device.orgId !== asset.orgId) throw badRequest('The device belongs to another organization', [{ path: 'deviceId', message: 'Another organization' }], 'DEVICE_NOT_FOUND');
  }
  const updated = await db.discoveryAsset.update({ where: { id: asset.id }, data: { linkedDeviceId: input.deviceId } });
  return toAssetDto(updated);
}

export async function ignoreAsset(ctx: ScopedContext, id: string, input: z.output<typeof ZIgnoreAsset>) {
  const asset = await getAssetOrThrow(ctx, id);
  const updated = await db.discoveryAsset.update({ where: { id: asset.id }, data: { ignoredAt: input.ignored ? (asset.ignoredAt ?? new Date()) : null } });
  return toAssetDto(updated);
}

/** Deletes the asset with the monitors and SNMP device it created; a later scan finds it again as new. */
export async function deleteAsset(ctx: ScopedContext, id: string): Promise<void> {
  const asset = await getAssetOrThrow(ctx, id);
  await removeAssetMonitors(asset);
  if (asset.snmpDeviceId) await db.snmpDevice.deleteMany({ where: { id: asset.snmpDeviceId, orgId: asset.orgId } });
  await db.discoveryAsset.delete({ where: { id: asset.id } });
}
