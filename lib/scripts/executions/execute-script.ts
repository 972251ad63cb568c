// POST /scripts/:id/execute: one execution per target device, each delivered to the device's
// agent as a run_script command through the ordinary command queue (claimed with the next
// heartbeat). Secret variables never enter the command: they are sealed on the execution and
// handed to the agent on request (GET /agents/:agentId/commands/:commandId/secrets).
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { encryptSecret } from '@/lib/auth/secrets';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';
import { deviceWhere } from '@/lib/devices/device-scope';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { SCRIPT_MAX_BYTES } from '@/lib/devices/command-schemas';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import type { TScriptParameter } from '@/lib/scripts/schemas';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import type { ZExecuteResponse, ZExecuteScript } from '@/lib/scripts/executions/schemas';
import { renderVariables, resolveParameters, secretEnvName } from '@/lib/scripts/executions/prepare-run';
import { EXECUTION_INCLUDE, toExecutionDto } from '@/lib/scripts/executions/to-execution-dto';

type Result = z.infer<typeof ZExecuteResponse>;

/** `client`: run inside that transaction (a deployment dispatching one device) instead of a new one. */
export async function executeScript(ctx: ActorContext, scriptId: string, input: z.output<typeof ZExecuteScript>, client?: Tx): Promise<Result> {
  const run = async (tx: Tx) => {
    const script = await getScriptOrThrow(ctx, scriptId, tx);
    const defs = script.parameters as TScriptParameter[];
    const known = new Set(defs.map((d) => d.name));
    const unknown = Object.keys(input.parameters).filter((k) => !known.has(k));
    if (unknown.length) throw badRequest(`Unknown parameter ${unknown[0]}`, unknown.map((k) => ({ path: `body.parameters.${k}`, message: 'Not a parameter of this script' })), 'UNKNOWN_PARAMETER');
    // Required parameters no device custom field can supply must come with the request.
    const fixed = resolveParameters(defs.filter((d) => !d.customField), input.parameters, {});
    if (!fixed.ok) throw badRequest(`Missing required parameter ${fixed.missing[0]}`, fixed.missing.map((k) => ({ path: `body.parameters.${k}`, message: 'Required' })), 'MISSING_PARAMETER');
    const rendered = renderVariables(script.content, input.variables);
    if (rendered.missing.length) {
      throw badRequest(`Variable {{var.${rendered.missing[0]}}} has no value`, rendered.missing.map((k) => ({ path: `body.variables.${k}`, message: 'Used by the script, not supplied' })), 'UNKNOWN_VARIABLE');
    }

    if (Buffer.byteLength(rendered.content, 'utf8') > SCRIPT_MAX_BYTES) {
      throw badRequest('With its variables substituted the script exceeds 256 KB', [{ path: 'body.variables', message: 'Too large' }], 'SCRIPT_TOO_LARGE');
    }

    let ids: string[];
    if (input.groupId) {
      await getGroupOrThrow(ctx, input.groupId, tx);
      ids = (await tx.deviceGroupMembership.findMany({ where: { groupId: input.groupId }, select: { deviceId: true } })).map((m) => m.deviceId);
    } else ids = [...new Set(input.deviceIds!)];
    const devices = await tx.device.findMany({ where: { AND: [{ id: { in: ids } }, deviceWhere(ctx)] }, select: { id: true, partnerId: true, orgId: true, status: true, osType: true, hostname: true } });
    const byId = new Map(devices.map((d) => [d.id, d]));

    const fieldKeys = defs.flatMap((d) => (d.customField ? [d.customField] : []));
    const fieldRows = fieldKeys.length
      ? await tx.customFieldValue.findMany({ where: { deviceId: { in: devices.map((d) => d.id) }, field: { key: { in: fieldKeys } } }, select: { deviceId: true, value: true, field: { select: { key: true } } } })
      : [];

    const result: Result = { executions: [], skipped: [], failed: [] };
    const secretNames = Object.keys(input.secretVariables);
    const sealed = secretNames.length ? encryptSecret(JSON.stringify(Object.fromEntries(secretNames.map((n) => [secretEnvName(n), input.secretVariables[n]])))) : null;
    const commands: Prisma.DeviceCommandCreateManyInput[] = [];
    const executions: Prisma.ScriptExecutionCreateManyInput[] = [];
    for (const id of ids) {
      const device = byId.get(id);
      if (!device) {
        result.failed.push({ deviceId: id, code: 'NOT_FOUND', message: 'Device not found' });
        continue;
      }
      if (script.orgId && device.orgId !== script.orgId) {
        result.failed.push({ deviceId: id, code: 'SCRIPT_NOT_AVAILABLE', message: 'The script belongs to another organization’s library' });
        continue;
      }
      if (!acceptsCommands(device)) {
        result.skipped.push({ deviceId: id, reason: 'DEVICE_INACTIVE' });
        continue;
      }
      if (device.osType && !script.osTypes.includes(device.osType)) {
        result.skipped.push({ deviceId: id, reason: 'OS_MISMATCH' });
        continue;
      }
      const fieldValues = Object.fromEntries(fieldRows.filter((r) => r.deviceId === id).map((r) => [r.field.key, r.value]));
      const params = resolveParameters(defs, input.parameters, fieldValues);
      if (!params.ok) {
        result.failed.push({ deviceId: id, code: 'PARAMETER_UNRESOLVED', message: `No value for ${params.missing.join(', ')} (no custom field value on this device)` });
        continue;
      }
      const commandId = randomUUID();
      const executionId = randomUUID();
      commands.push({
        id: commandId,
        partnerId: device.partnerId,
        orgId: device.orgId,
        deviceId: id,
        type: 'run_script',
        source: 'script',
        createdById: ctx.userId,
        payload: {
          interpreter: script.language,
          script: rendered.content,
          args: [],
          timeoutSeconds: input.timeoutSeconds ?? script.timeoutSeconds,
          env: params.env,
          secretEnv: secretNames.map(secretEnvName),
          runAs: script.runAs,
          executionId,
        },
      });
      executions.push({
        id: executionId,
        partnerId: device.partnerId,
        orgId: device.orgId,
        scriptId: script.id,
        scriptName: script.name,
        scriptVersion: script.version,
        deviceId: id,
        commandId,
        parameters: params.values,
        secretNames,
        secretsSealed: sealed,
        triggeredById: ctx.userId,
      });
    }
    if (commands.length) {
      await tx.deviceCommand.createMany({ data: commands });
      await tx.scriptExecution.createMany({ data: executions });
    }
    const rows = await tx.scriptExecution.findMany({ where: { id: { in: executions.map((e) => e.id!) } }, include: EXECUTION_INCLUDE, orderBy: { createdAt: 'asc' } });
    for (const e of rows) {
      await emitEvent(tx, {
        type: 'script.started',
        partnerId: e.partnerId,
        orgId: e.orgId,
        data: { executionId: e.id, scriptId: script.id, scriptName: script.name, scriptVersion: script.version, deviceId: e.deviceId, hostname: byId.get(e.deviceId)?.hostname ?? null, status: 'pending' },
      });
    }
    result.executions = rows.map(toExecutionDto);
    await writeAudit(ctx, {
      action: 'script.execute',
      targetType: 'script',
      targetId: script.id,
      partnerId: script.partnerId,
      orgId: script.orgId,
      details: { name: script.name, version: script.version, queued: rows.length, skipped: result.skipped.length, failed: result.failed.length, secretVariables: secretNames, executionIds: rows.map((r) => r.id).slice(0, 100) },
    }, tx);
    return result;
  };
  return client ? run(client) : db.$transaction(run, { timeout: 60_000 });
}
