// `::service:custom-fields:: {json}` lines of a script's stdout write the device's custom fields
// — only fields that apply to the device and have script writes enabled. Malformed lines and
// unknown, read-only or mistyped fields are reported in the execution, never an error.
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { fieldsForDevice } from '@/lib/custom-fields/custom-field-scope';
import { coerceFieldValue } from '@/lib/custom-fields/coerce-field-value';
import { parseCustomFieldLines } from '@/lib/scripts/executions/prepare-run';

export interface CustomFieldOutcome {
  written: string[];
  errors: { key?: string; line?: number; reason: string }[];
}

const MAX_KEYS = 200;

export async function applyCustomFieldOutput(tx: Tx, execution: { id: string; deviceId: string; partnerId: string; orgId: string }, stdout: string | null): Promise<CustomFieldOutcome | null> {
  const lines = parseCustomFieldLines(stdout);
  if (lines.length === 0) return null;
  const outcome: CustomFieldOutcome = { written: [], errors: [] };
  // Later lines win for the same key.
  const wanted = new Map<string, { value: unknown; line: number }>();
  for (const l of lines) {
    if (l.error) outcome.errors.push({ line: l.line, reason: l.error });
    else for (const [key, value] of Object.entries(l.values!)) wanted.set(key, { value, line: l.line });
  }
  const keys = [...wanted.keys()].slice(0, MAX_KEYS);
  if (wanted.size > MAX_KEYS) outcome.errors.push({ reason: `only the first ${MAX_KEYS} fields are applied` });
  const fields = await tx.customFieldDefinition.findMany({ where: { ...fieldsForDevice(execution), key: { in: keys } } });
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of keys) {
    const { value, line } = wanted.get(key)!;
    const field = byKey.get(key);
    if (!field) {
      outcome.errors.push({ key, line, reason: 'unknown custom field' });
      continue;
    }
    if (!field.scriptWritable) {
      outcome.errors.push({ key, line, reason: 'read-only: script writes are not enabled for this field' });
      continue;
    }
    const check = coerceFieldValue(field, value);
    if (!check.ok) {
      outcome.errors.push({ key, line, reason: check.reason });
      continue;
    }
    await tx.customFieldValue.upsert({
      where: { fieldId_deviceId: { fieldId: field.id, deviceId: execution.deviceId } },
      create: { fieldId: field.id, deviceId: execution.deviceId, partnerId: execution.partnerId, orgId: execution.orgId, value: check.value as Prisma.InputJsonValue, source: 'script', sourceId: execution.id },
      update: { value: check.value as Prisma.InputJsonValue, source: 'script', sourceId: execution.id },
    });
    outcome.written.push(key);
  }
  return outcome;
}
