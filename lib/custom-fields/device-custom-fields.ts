// GET|PUT /devices/:id/custom-fields: the values of the fields that apply to a device.
import type { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import type { ZSetDeviceCustomFields } from '@/lib/custom-fields/schemas';
import { fieldsForDevice } from '@/lib/custom-fields/custom-field-scope';
import { coerceFieldValue } from '@/lib/custom-fields/coerce-field-value';

export async function listDeviceCustomFields(ctx: ScopedContext, deviceId: string, client: Tx | typeof db = db) {
  const device = await getDeviceOrThrow(ctx, deviceId, client);
  const fields = await client.customFieldDefinition.findMany({
    where: fieldsForDevice(device),
    include: { values: { where: { deviceId } } },
    orderBy: { key: 'asc' },
  });
  return {
    data: fields.map((f) => ({
      fieldId: f.id,
      key: f.key,
      name: f.name,
      type: f.type,
      scriptWritable: f.scriptWritable,
      value: f.values[0]?.value ?? null,
      source: f.values[0]?.source ?? null,
      updatedAt: f.values[0]?.updatedAt.toISOString() ?? null,
    })),
  };
}

export async function setDeviceCustomFields(ctx: ActorContext, deviceId: string, input: z.output<typeof ZSetDeviceCustomFields>) {
  return db.$transaction(async (tx) => {
    const device = await getDeviceOrThrow(ctx, deviceId, tx);
    const fields = await tx.customFieldDefinition.findMany({ where: { ...fieldsForDevice(device), key: { in: Object.keys(input.values) } } });
    const byKey = new Map(fields.map((f) => [f.key, f]));
    const problems = [];
    for (const [key, value] of Object.entries(input.values)) {
      const field = byKey.get(key);
      if (!field) problems.push({ path: `body.values.${key}`, message: 'No such custom field for this device' });
      else if (value !== null) {
        const check = coerceFieldValue(field, value);
        if (!check.ok) problems.push({ path: `body.values.${key}`, message: check.reason });
      }
    }
    if (problems.length) throw badRequest(`${problems[0].path}: ${problems[0].message}`, problems);
    const source = ctx.kind === 'apiKey' ? 'api' : 'user';
    for (const [key, value] of Object.entries(input.values)) {
      const field = byKey.get(key)!;
      if (value === null) {
        await tx.customFieldValue.deleteMany({ where: { fieldId: field.id, deviceId } });
        continue;
      }
      const check = coerceFieldValue(field, value) as { value: Prisma.InputJsonValue };
      await tx.customFieldValue.upsert({
        where: { fieldId_deviceId: { fieldId: field.id, deviceId } },
        create: { fieldId: field.id, deviceId, partnerId: device.partnerId, orgId: device.orgId, value: check.value, source },
        update: { value: check.value, source, sourceId: null },
      });
    }
    await writeAudit(ctx, { action: 'device.custom_fields', targetType: 'device', targetId: deviceId, partnerId: device.partnerId, orgId: device.orgId, details: { keys: Object.keys(input.values) } }, tx);
    return listDeviceCustomFields(ctx, deviceId, tx);
  });
}
