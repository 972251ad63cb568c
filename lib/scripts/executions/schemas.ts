// Script executions: POST /scripts/:id/execute and the execution records.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zRawText } from '@/lib/http/storable-text';
import { SCRIPT_MAX_TIMEOUT_SECONDS } from '@/lib/devices/command-schemas';
import { ALERT_SEVERITIES, EXECUTION_STATUSES } from '@/lib/scripts/schemas';

const ZParamValue = z.union([zRawText(4096), z.number().finite(), z.boolean()]);

export const ZExecuteScript = z
  .object({
    deviceIds: z.array(z.string().uuid()).min(1).max(1000).optional().describe('Target devices (up to 1,000)'),
    groupId: z.string().uuid().optional().describe('Or: every current member of this device group'),
    parameters: z.record(z.string(), ZParamValue).default({}).describe('Parameter name → value; a missing value falls back to the parameter’s custom field on each device, then its default'),
    variables: z
      .record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/), zRawText(4096))
      .refine((v) => Object.keys(v).length <= 100, 'At most 100 variables')
      .default({})
      .describe('Ordinary variables, substituted for {{var.key}} in the script body'),
    secretVariables: z
      .record(z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Uppercase letters, digits and underscores'), zRawText(4096).pipe(z.string().min(1)))
      .refine((v) => Object.keys(v).length <= 20, 'At most 20 secret variables')
      .default({})
      .describe('Secret variables: reach the script only as environment variables SERVICE_VAR_<NAME>; never stored in the body, the command, logs or results (values of 4+ characters are redacted from output)'),
    timeoutSeconds: z.number().int().min(1).max(SCRIPT_MAX_TIMEOUT_SECONDS).optional().describe('Overrides the script’s timeout for this run'),
  })
  .strict()
  .refine((v) => (v.deviceIds ? 1 : 0) + (v.groupId ? 1 : 0) === 1, 'Send either deviceIds or groupId');

export const ZExecution = z.object({
  id: z.string().uuid(),
  scriptId: z.string().uuid().nullable(),
  scriptName: z.string(),
  scriptVersion: z.number().int(),
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  commandId: z.string().uuid().nullable().describe('The run_script device command that carries it'),
  status: z.enum(EXECUTION_STATUSES),
  parameters: z.record(z.string(), z.unknown()),
  secretVariables: z.array(z.string()).describe('Names only'),
  exitCode: z.number().int().nullable(),
  stdout: z.string().nullable(),
  stderr: z.string().nullable(),
  truncated: z.boolean(),
  durationMs: z.number().int().nullable(),
  severity: z.enum(ALERT_SEVERITIES).nullable().describe('From the script’s exitCodeSeverityMapping'),
  customFields: z
    .object({ written: z.array(z.string()), errors: z.array(z.object({ key: z.string().optional(), line: z.number().int().optional(), reason: z.string() })) })
    .nullable()
    .describe('Outcome of ::service:custom-fields:: output lines'),
  cancelRequested: z.boolean(),
  triggeredById: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
  startedAt: ZTimestamp.nullable(),
  completedAt: ZTimestamp.nullable(),
}).meta({ id: 'ScriptExecution' });
export type TExecution = z.infer<typeof ZExecution>;

export const ZExecuteResponse = z.object({
  executions: z.array(ZExecution).describe('One per device, queued for its agent as a run_script command'),
  skipped: z.array(z.object({ deviceId: z.string().uuid(), reason: z.enum(['DEVICE_INACTIVE', 'OS_MISMATCH']) })),
  failed: z.array(z.object({ deviceId: z.string().uuid(), code: z.string(), message: z.string() })).describe('NOT_FOUND (missing or outside your scope), SCRIPT_NOT_AVAILABLE (an organization script on another organization’s device), PARAMETER_UNRESOLVED'),
});

export const ZListExecutionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(EXECUTION_STATUSES).optional(),
  deviceId: z.string().uuid().optional(),
});
