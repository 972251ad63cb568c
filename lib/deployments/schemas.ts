// Deployments (doc 1 "Maintenance, policies, deployments"): software, patches or a script rolled
// out to devices, at once or in batches. The spec names the endpoints; fields and states are
// designed here and published in OpenAPI through these schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText, zRawText } from '@/lib/http/storable-text';
import { ZWindowTargets } from '@/lib/maintenance/schemas';
import { PACKAGE_MANAGERS } from '@/lib/software/package-managers';

export const DEPLOYMENT_KINDS = ['software', 'patches', 'script'] as const;
export const DEPLOYMENT_STATUSES = ['draft', 'ready', 'running', 'paused', 'completed', 'failed', 'cancelled'] as const;
export const DEPLOYMENT_PAUSE_REASONS = ['manual', 'failure_threshold'] as const;
export const DEPLOYMENT_STRATEGIES = ['all_at_once', 'staged'] as const;
export const DEPLOYMENT_DEVICE_STATUSES = ['pending', 'waiting', 'queued', 'running', 'succeeded', 'failed', 'skipped', 'expired', 'cancelled'] as const;
export type DeploymentStatusName = (typeof DEPLOYMENT_STATUSES)[number];
export type DeploymentDeviceStatusName = (typeof DEPLOYMENT_DEVICE_STATUSES)[number];

/** Device rows that will not change any more (unless retried). */
export const TERMINAL_DEVICE_STATUSES = ['succeeded', 'failed', 'skipped', 'expired', 'cancelled'] as const;
export const MAX_PATCHES_PER_DEPLOYMENT = 200;
export const MAX_DEVICES_PER_DEPLOYMENT = 10_000;

const ZUuid = z.string().uuid();

export const ZSoftwareDeploymentPayload = z
  .object({
    packageId: ZUuid.describe('A software catalog package the caller can see'),
    versionId: ZUuid.describe('One of its versions (an installer version needs its installer uploaded; a package_manager `latest` version installs the latest)'),
  })
  .strict()
  .meta({ id: 'SoftwareDeploymentPayload' });

export const ZPatchesDeploymentPayload = z
  .object({
    patchIds: z
      .array(ZUuid)
      .min(1)
      .max(MAX_PATCHES_PER_DEPLOYMENT)
      .refine((a) => new Set(a).size === a.length, { message: 'Name each patch once' })
      .describe('Patches approved for the targeted organizations; each device installs those it is missing'),
  })
  .strict()
  .meta({ id: 'PatchesDeploymentPayload' });

export const ZScriptDeploymentPayload = z
  .object({
    scriptId: ZUuid.describe('A script the caller can see'),
    parameters: z
      .record(z.string().max(64), zRawText(4096))
      .refine((p) => Object.keys(p).length <= 50, 'At most 50 parameters')
      .default({})
      .describe('Values of the script’s parameters by name'),
  })
  .strict()
  .meta({ id: 'ScriptDeploymentPayload' });

export const ZDeploymentPayload = z.union([ZSoftwareDeploymentPayload, ZPatchesDeploymentPayload, ZScriptDeploymentPayload]);
export type DeploymentPayload = z.output<typeof ZDeploymentPayload>;
export type SoftwareDeploymentPayload = z.output<typeof ZSoftwareDeploymentPayload>;
export type PatchesDeploymentPayload = z.output<typeof ZPatchesDeploymentPayload>;
export type ScriptDeploymentPayload = z.output<typeof ZScriptDeploymentPayload>;

export const MAX_FILTER_TARGETS = 20;

export const ZDeploymentTargets = ZWindowTargets.extend({
  filterIds: z
    .array(ZUuid)
    .max(MAX_FILTER_TARGETS)
    .default([])
    .describe(`Shared saved filters (GET /filters): the devices each matches when the deployment is initialized (up to ${MAX_FILTER_TARGETS})`),
})
  .refine((t) => t.orgIds.length + t.siteIds.length + t.groupIds.length + t.deviceIds.length + t.filterIds.length > 0, { message: 'Name at least one organization, site, group, device or saved filter' })
  .describe(
    'Organizations, sites, device groups (members when initialized), devices and shared saved filters (their matches when initialized) inside the deployment’s scope (else 400 TARGET_NOT_IN_SCOPE); at least one',
  );
export type DeploymentTargets = z.output<typeof ZDeploymentTargets>;

export const ZRollout = z
  .object({
    strategy: z.enum(DEPLOYMENT_STRATEGIES).default('all_at_once').describe('all_at_once: every device in one batch; staged: batches of batchSize devices or batchPercent % of them'),
    batchSize: z.number().int().min(1).max(MAX_DEVICES_PER_DEPLOYMENT).nullable().default(null).describe('Staged: devices per batch (exactly one of batchSize, batchPercent)'),
    batchPercent: z.number().int().min(1).max(100).nullable().default(null).describe('Staged: percent of the devices per batch, rounded up (exactly one of batchSize, batchPercent)'),
    failureThresholdPercent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(20)
      .describe('Once at least one full batch finished, the deployment pauses itself (pauseReason failure_threshold) when failed/finished devices exceed this percentage'),
    batchIntervalMinutes: z.number().int().min(0).max(10_080).default(0).describe('Minutes to wait after a batch finished before the next one starts'),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.strategy === 'staged' && (r.batchSize === null) === (r.batchPercent === null)) {
      ctx.addIssue({ code: 'custom', path: ['batchSize'], message: 'A staged rollout takes exactly one of batchSize and batchPercent' });
    }
    if (r.strategy === 'all_at_once' && (r.batchSize !== null || r.batchPercent !== null)) {
      ctx.addIssue({ code: 'custom', path: ['strategy'], message: 'batchSize and batchPercent apply to a staged rollout only' });
    }
  })
  .meta({ id: 'DeploymentRollout' });
export type Rollout = z.output<typeof ZRollout>;

export const ZDeploymentSchedule = z
  .object({
    maintenanceWindowOnly: z.boolean().default(false).describe('Devices get the deployment only during an active occurrence of a maintenance window covering them'),
    deadline: z.iso.datetime({ offset: true }).nullable().default(null).describe('Devices not reached by then (offline, no window) become `expired`; null: no deadline'),
  })
  .strict()
  .meta({ id: 'DeploymentSchedule' });
export type DeploymentScheduleInput = z.output<typeof ZDeploymentSchedule>;

const ROLLOUT_DEFAULT = { strategy: 'all_at_once' as const, batchSize: null, batchPercent: null, failureThresholdPercent: 20, batchIntervalMinutes: 0 };
const SCHEDULE_DEFAULT = { maintenanceWindowOnly: false, deadline: null };

const base = {
  orgId: ZUuid.nullable().optional().describe('Owning organization; omitted or null for a partner-wide deployment (callers that see every organization)'),
  name: zText(255, 1),
  description: zText(2000).nullable().optional(),
  targets: ZDeploymentTargets,
  rollout: ZRollout.default(ROLLOUT_DEFAULT),
  schedule: ZDeploymentSchedule.default(SCHEDULE_DEFAULT),
};

export const ZCreateDeployment = z
  .discriminatedUnion('kind', [
    z.object({ ...base, kind: z.literal('software'), payload: ZSoftwareDeploymentPayload }).strict(),
    z.object({ ...base, kind: z.literal('patches'), payload: ZPatchesDeploymentPayload }).strict(),
    z.object({ ...base, kind: z.literal('script'), payload: ZScriptDeploymentPayload }).strict(),
  ])
  .meta({ id: 'CreateDeployment' });
export type CreateDeploymentInput = z.output<typeof ZCreateDeployment>;

export const ZUpdateDeployment = z
  .object({
    name: base.name,
    description: zText(2000).nullable(),
    payload: ZDeploymentPayload.describe('Replaces the payload; it must fit the deployment’s kind'),
    targets: ZDeploymentTargets,
    rollout: ZRollout,
    schedule: ZDeploymentSchedule,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdateDeployment' });
export type UpdateDeploymentInput = z.output<typeof ZUpdateDeployment>;

export const ZListDeploymentsQuery = pageQuery(50, 100).extend({
  status: z.enum(DEPLOYMENT_STATUSES).optional(),
  kind: z.enum(DEPLOYMENT_KINDS).optional(),
  orgId: ZUuid.optional().describe('Deployments owned by this organization'),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
  packageId: ZUuid.optional().describe('Software deployments of this catalog package (payload.packageId)'),
});
export type ListDeploymentsQuery = z.output<typeof ZListDeploymentsQuery>;

export const ZListDeploymentDevicesQuery = pageQuery(50, 200).extend({
  status: z.enum(DEPLOYMENT_DEVICE_STATUSES).optional(),
  batch: z.coerce.number().int().min(1).optional().describe('Rows of this batch (1-based)'),
});
export type ListDeploymentDevicesQuery = z.output<typeof ZListDeploymentDevicesQuery>;

export const ZDeploymentDeviceParams = z.object({ id: ZUuid, deviceId: ZUuid });

export const ZDeploymentProgress = z
  .object({
    total: z.number().int(),
    pending: z.number().int(),
    waiting: z.number().int(),
    queued: z.number().int(),
    running: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    expired: z.number().int(),
    cancelled: z.number().int(),
    percentComplete: z.number().int().describe('Terminal rows (succeeded, failed, skipped, expired, cancelled) over total, 0 to 100'),
  })
  .meta({ id: 'DeploymentProgress' });
export type TDeploymentProgress = z.infer<typeof ZDeploymentProgress>;

export const ZDeployment = z
  .object({
    id: ZUuid,
    orgId: ZUuid.nullable().describe('Null for a partner-wide deployment'),
    name: z.string(),
    description: z.string().nullable(),
    kind: z.enum(DEPLOYMENT_KINDS),
    payload: ZDeploymentPayload,
    targets: z.object({ orgIds: z.array(ZUuid), siteIds: z.array(ZUuid), groupIds: z.array(ZUuid), deviceIds: z.array(ZUuid), filterIds: z.array(ZUuid) }),
    targetNames: z
      .record(z.string(), z.string())
      .describe('Display name of each target id: the organization, site, group or saved filter name, the device hostname; an id whose record no longer exists is absent'),
    rollout: z.object({
      strategy: z.enum(DEPLOYMENT_STRATEGIES),
      batchSize: z.number().int().nullable(),
      batchPercent: z.number().int().nullable(),
      failureThresholdPercent: z.number().int(),
      batchIntervalMinutes: z.number().int(),
    }),
    schedule: z.object({ maintenanceWindowOnly: z.boolean(), deadline: ZTimestamp.nullable() }),
    status: z.enum(DEPLOYMENT_STATUSES),
    pauseReason: z.enum(DEPLOYMENT_PAUSE_REASONS).nullable(),
    currentBatch: z.number().int().describe('1-based batch being rolled out; 0 before start'),
    totalBatches: z.number().int(),
    progress: ZDeploymentProgress,
    createdBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
    startedAt: ZTimestamp.nullable(),
    completedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'Deployment' });
export type TDeployment = z.infer<typeof ZDeployment>;

export const ZDeploymentDevice = z
  .object({
    deploymentId: ZUuid,
    deviceId: ZUuid,
    hostname: z.string(),
    orgId: ZUuid,
    batch: z.number().int(),
    status: z
      .enum(DEPLOYMENT_DEVICE_STATUSES)
      .describe('pending; waiting (outside a maintenance window or in one suppressing deployments); queued (command created); running (delivered to the agent); succeeded; failed; skipped (the payload cannot apply, see error); expired (deadline passed); cancelled'),
    attempts: z.number().int(),
    commandId: ZUuid.nullable(),
    error: z.string().nullable(),
    output: z.string().nullable().describe('The command output, truncated'),
    result: z.unknown().nullable().describe('The structured result the agent reported'),
    startedAt: ZTimestamp.nullable(),
    completedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'DeploymentDevice' });
export type TDeploymentDevice = z.infer<typeof ZDeploymentDevice>;

// The software view: the same records, created and started in one call.
export const ZCreateSoftwareDeployment = z
  .object({
    name: zText(255, 1).optional().describe('Default: "<package> <version>"'),
    orgId: base.orgId,
    packageId: ZSoftwareDeploymentPayload.shape.packageId,
    versionId: ZSoftwareDeploymentPayload.shape.versionId,
    targets: ZDeploymentTargets,
    rollout: ZRollout.default(ROLLOUT_DEFAULT),
    schedule: ZDeploymentSchedule.default(SCHEDULE_DEFAULT),
    startNow: z.boolean().default(true).describe('Initialize and start at once (default); false leaves a draft'),
  })
  .strict()
  .meta({ id: 'CreateSoftwareDeployment' });
export type CreateSoftwareDeploymentInput = z.output<typeof ZCreateSoftwareDeployment>;

export const ZListSoftwareDeploymentsQuery = ZListDeploymentsQuery.omit({ kind: true });

/** Payload of the software_install device command. */
export const ZSoftwareInstallPayload = z.object({
  deploymentId: ZUuid.optional(),
  deploymentDeviceId: ZUuid.optional(),
  thirdPartyTestId: ZUuid.optional(),
  package: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('package_manager'), manager: z.enum(PACKAGE_MANAGERS), name: z.string(), version: z.string().nullable() }),
    z.object({
      kind: z.literal('installer'),
      versionId: ZUuid,
      fileName: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      sizeBytes: z.number(),
      downloadPath: z.string(),
      silentArgs: z.string().nullable(),
    }),
  ]),
});
export type SoftwareInstallPayload = z.infer<typeof ZSoftwareInstallPayload>;
