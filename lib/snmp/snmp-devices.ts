// SNMP device CRUD for the routes. A device belongs to one organization; creation goes through
// createSnmpDevice (shared with discovery), in a transaction with the owner's checks.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import type { ZCreateSnmpDevice, ZListSnmpDevicesQuery, ZUpdateSnmpDevice } from '@/lib/snmp/schemas';
import { assertProbeDevice, createSnmpDevice } from '@/lib/snmp/create-snmp-device';
import { getSnmpDeviceOrThrow } from '@/lib/snmp/get-snmp-device-or-throw';
import { toSnmpDeviceDto } from '@/lib/snmp/to-snmp-device-dto';
import { assertSnmpTarget } from '@/lib/snmp/assert-snmp-target';
import { sealSnmpCredentials } from '@/lib/snmp/snmp-credentials';
import { resolveThresholdAlert } from '@/lib/snmp/evaluate-snmp-thresholds';

export async function createSnmpDeviceForCaller(ctx: ActorContext, input: z.output<typeof ZCreateSnmpDevice>) {
  if (!input.orgId && ctx.scope !== 'organization') throw badRequest('Organization context required', [{ path: 'orgId', message: 'Required for partner and system callers' }]);
  const owner = await resolveRecordOwner(ctx, input.orgId, 'SNMP devices');
  const { orgId: _o, siteId, ...fields } = input;
  return db.$transaction(async (tx) => {
    if (siteId) {
      const site = await tx.site.findFirst({ where: { id: siteId, orgId: owner.orgId! }, select: { id: true } });
      if (!site) throw badRequest('Unknown site', [{ path: 'siteId', message: 'No such site in the organization' }]);
    }
    return createSnmpDevice(tx, { partnerId: owner.partnerId, orgId: owner.orgId!, siteId: siteId ?? null, createdBy: ctx.userId }, fields);
  });
}

export async function listSnmpDevices(ctx: ScopedContext, q: z.output<typeof ZListSnmpDevicesQuery>) {
  const where: Prisma.SnmpDeviceWhereInput = {
    AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}],
    ...(q.status ? { status: q.status } : {}),
    ...(q.search ? { OR: [{ name: { contains: q.search, mode: 'insensitive' } }, { host: { contains: q.search, mode: 'insensitive' } }] } : {}),
  };
  const [rows, total] = await Promise.all([db.snmpDevice.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(q) }), db.snmpDevice.count({ where })]);
  return pageResult(rows.map(toSnmpDeviceDto), q, total);
}

export async function getSnmpDevice(ctx: ScopedContext, id: string) {
  return toSnmpDeviceDto(await getSnmpDeviceOrThrow(ctx, id));
}

export async function updateSnmpDevice(ctx: ScopedContext, id: string, input: z.output<typeof ZUpdateSnmpDevice>) {
  const device = await getSnmpDeviceOrThrow(ctx, id);
  const probeDeviceId = input.probeDeviceId !== undefined ? input.probeDeviceId : device.probeDeviceId;
  if (input.probeDeviceId) await assertProbeDevice(db, device.orgId, input.probeDeviceId);
  // Leaving the probe (or a new host without one): the server polls it, so its rules apply.
  if (!probeDeviceId && (input.host !== undefined || device.probeDeviceId)) await assertSnmpTarget(input.host ?? device.host);
  if (input.templateId) {
    const template = await db.snmpTemplate.findFirst({ where: { id: input.templateId, OR: [{ builtIn: true }, { partnerId: device.partnerId }] }, select: { id: true } });
    if (!template) throw badRequest('Unknown SNMP template', [{ path: 'templateId', message: 'No such template' }], 'SNMP_TEMPLATE_NOT_FOUND');
  }
  const { credentials, extraOids, ...rest } = input;
  const updated = await db.snmpDevice.update({
    where: { id: device.id },
    data: {
      ...rest,
      ...(extraOids !== undefined ? { extraOids: extraOids as Prisma.InputJsonValue } : {}),
      ...(credentials ? { credentials: sealSnmpCredentials(device.id, credentials), version: credentials.version } : {}),
      // New credentials or target: the identity is read again on the next poll.
      ...(credentials || input.host !== undefined || input.port !== undefined ? { sysDescr: null, sysObjectId: null, sysName: null } : {}),
      ...(input.enabled === true && !device.enabled ? { nextPollAt: new Date() } : {}),
    },
  });
  return toSnmpDeviceDto(updated);
}

/** Deletes the device with its values and thresholds; the thresholds' open alerts are resolved. */
export async function deleteSnmpDevice(ctx: ScopedContext, id: string): Promise<void> {
  const device = await getSnmpDeviceOrThrow(ctx, id);
  await db.$transaction(async (tx) => {
    for (const t of await tx.snmpThreshold.findMany({ where: { snmpDeviceId: device.id }, select: { id: true } })) await resolveThresholdAlert(tx, t.id, 'SNMP device deleted');
    const { count } = await tx.snmpDevice.deleteMany({ where: { id: device.id } });
    if (!count) throw notFound('SNMP device');
  });
}
