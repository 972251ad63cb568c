// Discovery profile CRUD. A profile belongs to the organization of its probe device; its subnets
// are normalised CIDRs capped at MAX_PROFILE_ADDRESSES addresses; SNMP credentials are sealed.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, badRequest, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { encryptSecret } from '@/lib/auth/secrets';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { formatCidr, parseCidr } from '@/lib/discovery/cidr';
import { MAX_PROFILE_ADDRESSES, type ZCreateProfile, type ZListProfilesQuery, type ZUpdateProfile } from '@/lib/discovery/schemas';
import { profileAddressCount, profileOptions, toProfileDto } from '@/lib/discovery/to-dto';
import type { SnmpCredential } from '@/lib/discovery/scan-wire';

export async function getProfileOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const profile = await client.discoveryProfile.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!profile) throw notFound('Discovery profile');
  return profile;
}

/** Normalised, deduplicated CIDRs; 400 on a malformed one, 400 SUBNET_TOO_LARGE over the cap. */
export function normalizeSubnets(subnets: string[]): string[] {
  const out: string[] = [];
  subnets.forEach((s, i) => {
    const c = parseCidr(s);
    if (!c) throw badRequest('Invalid subnet', [{ path: `subnets.${i}`, message: 'An IPv4 CIDR such as 192.168.1.0/24' }]);
    const text = formatCidr(c);
    if (!out.includes(text)) out.push(text);
  });
  const count = profileAddressCount(out);
  if (count > MAX_PROFILE_ADDRESSES) {
    throw new AppError('SUBNET_TOO_LARGE', 400, `The subnets hold ${count} addresses; a profile scans at most ${MAX_PROFILE_ADDRESSES}`, [{ path: 'subnets', message: `At most ${MAX_PROFILE_ADDRESSES} addresses in all` }]);
  }
  return out;
}

function sealCredentials(credentials: SnmpCredential[]): string | null {
  return credentials.length ? encryptSecret(JSON.stringify(credentials)) : null;
}

async function probeDevice(ctx: ScopedContext, deviceId: string, client: DbOrTx) {
  try {
    return await getDeviceOrThrow(ctx, deviceId, client);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw badRequest('Unknown probe device', [{ path: 'probeDeviceId', message: 'No enrolled device with this id in your scope' }], 'PROBE_DEVICE_NOT_FOUND');
    throw error;
  }
}

function nextRun(minutes: number | null, enabled: boolean): Date | null {
  return minutes && enabled ? new Date(Date.now() + minutes * 60_000) : null;
}

export async function createProfile(ctx: ActorContext, input: z.output<typeof ZCreateProfile>) {
  const subnets = normalizeSubnets(input.subnets);
  const device = await probeDevice(ctx, input.probeDeviceId, db);
  const profile = await db.discoveryProfile.create({
    data: {
      partnerId: device.partnerId,
      orgId: device.orgId,
      name: input.name,
      description: input.description ?? null,
      subnets,
      ports: [...new Set(input.ports)],
      snmpCredentialsSealed: sealCredentials(input.snmpCredentials),
      snmpPort: input.snmpPort,
      options: input.options as Prisma.InputJsonValue,
      scheduleIntervalMinutes: input.scheduleIntervalMinutes,
      nextRunAt: nextRun(input.scheduleIntervalMinutes, input.enabled),
      probeDeviceId: device.id,
      enabled: input.enabled,
      createdBy: ctx.userId,
    },
  });
  return toProfileDto(profile);
}

export async function listProfiles(ctx: ScopedContext, q: z.output<typeof ZListProfilesQuery>) {
  const where: Prisma.DiscoveryProfileWhereInput = { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}] };
  const [rows, total] = await Promise.all([db.discoveryProfile.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(q) }), db.discoveryProfile.count({ where })]);
  return pageResult(rows.map(toProfileDto), q, total);
}

export async function getProfile(ctx: ScopedContext, id: string) {
  return toProfileDto(await getProfileOrThrow(ctx, id));
}

export async function updateProfile(ctx: ScopedContext, id: string, input: z.output<typeof ZUpdateProfile>) {
  const profile = await getProfileOrThrow(ctx, id);
  const data: Prisma.DiscoveryProfileUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.description !== undefined) data.description = input.description;
  if (input.subnets !== undefined) data.subnets = normalizeSubnets(input.subnets);
  if (input.ports !== undefined) data.ports = [...new Set(input.ports)];
  if (input.snmpCredentials !== undefined) data.snmpCredentialsSealed = sealCredentials(input.snmpCredentials);
  if (input.snmpPort !== undefined) data.snmpPort = input.snmpPort;
  if (input.options !== undefined) data.options = { ...profileOptions(profile), ...input.options } as Prisma.InputJsonValue;
  if (input.probeDeviceId !== undefined) {
    const device = await probeDevice(ctx, input.probeDeviceId, db);
    // A profile stays in its organization: the probe must be one of its devices.
    if (device.orgId !== profile.orgId) throw badRequest('The probe device must belong to the profile’s organization', [{ path: 'probeDeviceId', message: 'Another organization' }], 'PROBE_DEVICE_NOT_FOUND');
    data.probeDeviceId = device.id;
  }
  if (input.enabled !== undefined) data.enabled = input.enabled;
  if (input.scheduleIntervalMinutes !== undefined) data.scheduleIntervalMinutes = input.scheduleIntervalMinutes;
  if (input.scheduleIntervalMinutes !== undefined || input.enabled !== undefined) {
    data.nextRunAt = nextRun(input.scheduleIntervalMinutes !== undefined ? input.scheduleIntervalMinutes : profile.scheduleIntervalMinutes, input.enabled ?? profile.enabled);
  }
  const updated = await db.discoveryProfile.update({ where: { id: profile.id }, data });
  return toProfileDto(updated);
}

/** Deletes the profile; its jobs stay (profileId null) and its assets stay in the organization. */
export async function deleteProfile(ctx: ScopedContext, id: string): Promise<void> {
  const profile = await getProfileOrThrow(ctx, id);
  await db.$transaction(async (tx) => {
    const active = await tx.discoveryJob.findMany({ where: { profileId: profile.id, status: { in: ['queued', 'running'] } }, select: { id: true } });
    if (active.length) throw new AppError('SCAN_IN_PROGRESS', 409, 'A scan of this profile is queued or running: cancel it first');
    await tx.discoveryAsset.updateMany({ where: { profileId: profile.id }, data: { profileId: null } });
    await tx.discoveryProfile.delete({ where: { id: profile.id } });
  });
}
