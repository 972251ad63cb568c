// Patching (doc 1 "Patching"). The spec fixes the endpoints, the `source` values and that
// third-party patches carry `version`, `vendor` and `cveIds`; everything else (approval states,
// jobs, compliance) is designed here and published in OpenAPI through these schemas.
import { z } from 'zod';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { PATCH_MANAGERS } from '@/lib/patches/patch-managers';

export const PATCH_SOURCES = ['os_vendor_a', 'os_vendor_b', 'linux', 'third_party', 'custom'] as const;
export const PATCH_SEVERITIES = ['critical', 'important', 'moderate', 'low', 'unknown'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'deferred'] as const;
export const DEVICE_PATCH_STATUSES = ['available', 'installing', 'installed', 'failed', 'rolled_back', 'superseded'] as const;
export const JOB_STATUSES = ['scheduled', 'queued', 'running', 'completed', 'partially_failed', 'failed', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const REBOOT_BEHAVIORS = ['never', 'if_required', 'always'] as const;
const ZRebootBehavior = z.enum(REBOOT_BEHAVIORS);

/** Deferrals end at most a year ahead. */
export const MAX_DEFER_DAYS = 365;
export const MAX_BULK = 500;

const ZUuid = z.string().uuid();
const ZDate = z.string().describe('ISO 8601');
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(10));

export const ZListPatchesQuery = pageQuery(50, 200).extend({
  source: csv(z.enum(PATCH_SOURCES)).optional().describe('One or more sources, comma-separated: os_vendor_a, os_vendor_b, linux, third_party, custom'),
  severity: csv(z.enum(PATCH_SEVERITIES)).optional().describe('One or more severities, comma-separated'),
  status: z.enum(APPROVAL_STATUSES).optional().describe('Patches with at least one organization in scope in this approval state (a deferral past its date is pending)'),
  orgId: ZUuid.optional().describe('Patches found on devices of this organization; approval state and counts are then this organization’s'),
  deviceId: ZUuid.optional().describe('Patches found on this device'),
  search: z.string().trim().max(200).optional().describe('Package name, title or CVE id'),
});

export const ZApproval = z.object({
  orgId: ZUuid,
  status: z.enum(APPROVAL_STATUSES),
  deferUntil: ZDate.nullable(),
  note: z.string().nullable(),
  decidedBy: ZUuid.nullable(),
  decidedByPolicyId: ZUuid.nullable().describe('The patch policy that approved it automatically (decidedBy is then null)'),
  decidedAt: ZDate.nullable(),
});

export const ZPatch = z.object({
  id: ZUuid,
  source: z.enum(PATCH_SOURCES),
  name: z.string().describe('Package or product name'),
  title: z.string(),
  version: z.string().describe('The version the patch installs'),
  vendor: z.string().nullable(),
  description: z.string().nullable(),
  severity: z.enum(PATCH_SEVERITIES).describe('From the distribution where it says (Debian/Ubuntu security suites: important; dnf advisories: their severity); low for ordinary updates'),
  cveIds: z.array(z.string()).describe('CVE ids the distribution names for it; may be empty'),
  origin: z.string().nullable().describe('Where the distribution published it (apt origin/suite, dnf repository)'),
  releasedAt: ZDate.nullable(),
  createdAt: ZDate.describe('First seen by any scan'),
  approvalStatus: z.enum([...APPROVAL_STATUSES, 'mixed']).describe('The organizations’ approval state in scope; mixed when they differ'),
  approvals: z.array(ZApproval).describe('One per organization in scope that has the patch'),
  deviceCounts: z.object({ available: z.number().int(), installing: z.number().int(), installed: z.number().int(), failed: z.number().int(), rolledBack: z.number().int() }),
});
export type TPatch = z.infer<typeof ZPatch>;

export const ZPatchList = z.object({
  data: z.array(ZPatch),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

export const ZDevicePatch = z.object({
  id: ZUuid,
  deviceId: ZUuid,
  hostname: z.string(),
  orgId: ZUuid,
  patchId: ZUuid,
  name: z.string(),
  version: z.string(),
  severity: z.enum(PATCH_SEVERITIES),
  source: z.enum(PATCH_SOURCES),
  status: z.enum(DEVICE_PATCH_STATUSES).describe('available → installing → installed | failed; rolled_back after a rollback; superseded when a later scan no longer lists it'),
  installedVersion: z.string().nullable().describe('The version on the device when the patch was found: what a rollback returns to'),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  lastError: z.string().nullable(),
  detectedAt: ZDate,
  installedAt: ZDate.nullable(),
});
export type TDevicePatch = z.infer<typeof ZDevicePatch>;

export const ZPatchDetail = ZPatch.extend({ devices: z.array(ZDevicePatch).describe('Devices in scope with this patch (up to 500)') });

export const ZListDevicePatchesQuery = pageQuery(50, 200).extend({
  orgId: ZUuid.optional(),
  deviceId: ZUuid.optional(),
  status: z.enum(DEVICE_PATCH_STATUSES).optional(),
  severity: csv(z.enum(PATCH_SEVERITIES)).optional(),
  approval: z.enum(APPROVAL_STATUSES).optional(),
});

const ZOrgTargets = z.object({
  orgIds: z.array(ZUuid).min(1).max(MAX_BULK).optional().describe('Organizations the decision applies to; default every organization in scope with a device that has the patch'),
  note: zText(1000).optional(),
});

export const ZApproveBody = ZOrgTargets.strict().default({});
export const ZDeclineBody = ZOrgTargets.strict().default({});
export const ZDeferBody = ZOrgTargets.extend({
  until: z.string().datetime({ offset: true }).transform((s) => new Date(s)).describe(`Deferred until this instant (future, at most ${MAX_DEFER_DAYS} days ahead); the patch is pending again after it`),
}).strict();

export const ZBulkApproveBody = z
  .object({
    patchIds: z.array(ZUuid).min(1).max(MAX_BULK).describe(`Up to ${MAX_BULK} patches`),
    action: z.enum(['approve', 'decline', 'defer']).default('approve').describe('approve (default), decline or defer every listed patch'),
    until: z.string().datetime({ offset: true }).transform((s) => new Date(s)).optional().describe('Required with action defer'),
    orgIds: z.array(ZUuid).min(1).max(MAX_BULK).optional(),
    note: zText(1000).optional(),
  })
  .strict()
  .refine((b) => b.action !== 'defer' || b.until, { path: ['until'], message: 'Required when action is defer' });

export const ZDecisionResult = z.object({
  patchId: ZUuid,
  approvals: z.array(ZApproval).describe('The approvals after the decision'),
  changed: z.number().int().describe('Organizations whose state changed'),
});

export const ZBulkDecisionResult = z.object({
  results: z.array(ZDecisionResult),
  failed: z.array(z.object({ patchId: ZUuid, code: z.string(), message: z.string() })).describe('Patches not found in scope, or whose decision was refused'),
});

export const ZListApprovalsQuery = pageQuery(50, 200).extend({
  status: z.enum(APPROVAL_STATUSES).optional(),
  orgId: ZUuid.optional(),
  patchId: ZUuid.optional(),
});

export const ZApprovalRow = ZApproval.extend({
  id: ZUuid,
  patchId: ZUuid,
  patch: z.object({ name: z.string(), version: z.string(), title: z.string(), severity: z.enum(PATCH_SEVERITIES), source: z.enum(PATCH_SOURCES) }),
});
export const ZApprovalList = z.object({ data: z.array(ZApprovalRow), pagination: ZPatchList.shape.pagination });

const ZTargets = {
  deviceIds: z.array(ZUuid).min(1).max(1000).optional().describe('Up to 1,000 devices'),
  groupId: ZUuid.optional().describe('A device group instead of deviceIds'),
};
const oneTarget = (b: { deviceIds?: string[]; groupId?: string }) => Boolean(b.deviceIds) !== Boolean(b.groupId);

export const ZScanBody = z.object(ZTargets).strict().refine(oneTarget, { message: 'Give deviceIds or groupId (one of them)' });

const ZSkip = z.object({
  deviceId: ZUuid,
  reason: z
    .enum(['ALREADY_PENDING', 'DEVICE_INACTIVE', 'UNSUPPORTED_OS', 'UNSUPPORTED_SOURCE', 'NOTHING_APPROVED', 'NO_MAINTENANCE_WINDOW', 'NOTHING_TO_ROLL_BACK'])
    .describe('UNSUPPORTED_OS: the agent installs patches on Linux devices only. UNSUPPORTED_SOURCE: the approved patches are all of sources the agent cannot install yet (only `linux` is)'),
});
const ZFail = z.object({ deviceId: ZUuid, code: z.string(), message: z.string() });

export const ZScanResponse = z.object({
  queued: z.array(z.object({ deviceId: ZUuid, commandId: ZUuid })).describe('patch_scan commands queued, one per device'),
  skipped: z.array(ZSkip),
  failed: z.array(ZFail).describe('Devices missing or outside your scope (NOT_FOUND)'),
});

export const ZPatchJob = z.object({
  id: ZUuid,
  orgId: ZUuid,
  deviceId: ZUuid,
  hostname: z.string(),
  kind: z.enum(['install', 'rollback']),
  schedule: z.enum(['now', 'next_window']).describe('now, or the next occurrence of a maintenance window covering the device'),
  status: z.enum(JOB_STATUSES).describe('scheduled (waiting for a window) → queued (command sent to the agent) → running → completed | partially_failed | failed; cancelled'),
  patchIds: z.array(ZUuid),
  commandId: ZUuid.nullable(),
  results: z
    .array(z.object({ patchId: ZUuid.nullable(), name: z.string(), version: z.string(), status: z.enum(['installed', 'failed']), installedVersion: z.string().nullable(), error: z.string().nullable() }))
    .nullable()
    .describe('Per package, once the agent reported'),
  error: z.string().nullable(),
  createdBy: ZUuid.nullable(),
  policyId: ZUuid.nullable().describe('The patch policy that created the job; null for jobs a person or integration created'),
  maintenanceWindowId: ZUuid.nullable().describe('next_window jobs of a policy with a window: they run in this window’s next occurrence. Null: any window covering the device'),
  rebootBehavior: ZRebootBehavior.nullable().describe('After a successful install: never, if_required (the OS says a reboot is needed) or always'),
  rebootDeferred: z.boolean().describe('A maintenance window with suppressReboots was active on the device at dispatch: the agent was told not to reboot'),
  rebootRequired: z.boolean().nullable().describe('From the agent: the device needs a reboot after the install; null until reported'),
  rebootScheduled: z.boolean().nullable().describe('From the agent: it scheduled a reboot; null until reported'),
  createdAt: ZDate,
  startedAt: ZDate.nullable(),
  completedAt: ZDate.nullable(),
});
export type TPatchJob = z.infer<typeof ZPatchJob>;

export const ZCreateJobBody = z
  .object({
    ...ZTargets,
    patchIds: z.array(ZUuid).min(1).max(MAX_BULK).optional().describe('Patches to install; default every approved patch available on each device. Only approved patches are installed'),
    schedule: z.enum(['now', 'next_window']).default('now'),
    rebootBehavior: ZRebootBehavior.default('never').describe('After a successful install: never (default), if_required or always'),
  })
  .strict()
  .refine(oneTarget, { message: 'Give deviceIds or groupId (one of them)' });

export const ZCreateJobResponse = z.object({ jobs: z.array(ZPatchJob), skipped: z.array(ZSkip), failed: z.array(ZFail) });

export const ZListJobsQuery = pageQuery(50, 200).extend({
  status: z.enum(JOB_STATUSES).optional(),
  orgId: ZUuid.optional(),
  deviceId: ZUuid.optional(),
  kind: z.enum(['install', 'rollback']).optional(),
});
export const ZJobList = z.object({ data: z.array(ZPatchJob), pagination: ZPatchList.shape.pagination });

export const ZRollbackBody = z
  .object({
    deviceIds: z.array(ZUuid).min(1).max(1000).optional().describe('Devices to roll back; default every device in scope where the patch is installed'),
    rebootBehavior: ZRebootBehavior.default('never').describe('After a successful rollback: never (default), if_required or always'),
  })
  .strict()
  .default({ rebootBehavior: 'never' });

export const ZComplianceQuery = z.object({
  orgId: ZUuid.optional(),
  deviceId: ZUuid.optional(),
  by: z.enum(['organization', 'device']).default('organization').describe('Rows per organization (default) or per device'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const ZComplianceCounts = z.object({
  devices: z.number().int(),
  upToDate: z.number().int().describe('Devices with no available, approved-or-pending patch and no failed install'),
  missingCritical: z.number().int().describe('Devices missing at least one critical or important patch'),
  failed: z.number().int().describe('Devices with at least one failed install'),
  missingPatches: z.number().int().describe('Available patches summed over devices (declined ones excluded)'),
  compliancePercent: z.number().describe('upToDate / devices × 100; 100 with no devices'),
});

export const ZCompliance = z.object({
  summary: ZComplianceCounts,
  rows: z.array(ZComplianceCounts.extend({ id: ZUuid, name: z.string(), orgId: ZUuid })).describe('Per organization or per device (then devices is 1)'),
});

/** What the agent uploads after a scan (PUT /agents/:agentId/patches). */
export const ZPatchReport = z.object({
  manager: z
    .enum(PATCH_MANAGERS)
    .describe(
      'Where the updates come from, which fixes their patch `source`: apt and dnf → linux (Linux devices); windows_update → os_vendor_a (Windows; `name` is the update id, e.g. KB5034441); softwareupdate → os_vendor_b (macOS); winget, choco (Windows) and brew (macOS, Linux) → third_party, with `vendor` per update; custom → custom (any OS). A manager that does not run on the device’s OS is refused with 422 `MANAGER_NOT_FOR_OS`. A report replaces only the device’s patches of its own source',
    ),
  refreshed: z.boolean().describe('False when the package index refresh failed (the list is then from the last good refresh)'),
  refreshError: z.string().max(2000).optional(),
  updates: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(255),
        installedVersion: z.string().max(128),
        version: z.string().trim().min(1).max(128),
        architecture: z.string().max(32).optional(),
        origin: z.string().max(255).optional(),
        severity: z.enum(PATCH_SEVERITIES),
        cveIds: z.array(z.string().regex(/^CVE-\d{4}-\d{4,7}$/)).max(100).default([]),
        description: z.string().max(4000).optional(),
        vendor: z.string().trim().min(1).max(255).optional().describe('Publisher of the update (expected for third_party managers); default from origin'),
        releasedAt: z.string().datetime({ offset: true }).optional().describe('When the vendor released the update'),
      }),
    )
    .max(10_000),
});
export const ZPatchReportResponse = z.object({ available: z.number().int(), new: z.number().int(), resolved: z.number().int() });

export const ZPatchSources = z.object({
  data: z.array(
    z.object({
      source: z.enum(PATCH_SOURCES),
      label: z.string(),
      description: z.string(),
      scannedByAgent: z.boolean().describe('True when the reference agent finds patches of this source'),
      patches: z.number().int().describe('Patches of this source found on devices in scope'),
    }),
  ),
});

export const ZComplianceReportSummary = z.object({
  id: ZUuid.describe('The organization the report covers: one report per organization in scope, always computed from current data'),
  orgId: ZUuid,
  name: z.string(),
  generatedAt: ZDate,
  summary: ZCompliance.shape.summary,
});
export const ZComplianceReportList = z.object({ data: z.array(ZComplianceReportSummary) });

export const ZComplianceReport = ZComplianceReportSummary.extend({
  devices: z.array(
    z.object({
      deviceId: ZUuid,
      hostname: z.string(),
      upToDate: z.boolean(),
      missing: z.array(z.object({ name: z.string(), version: z.string(), severity: z.enum(PATCH_SEVERITIES), status: z.enum(DEVICE_PATCH_STATUSES), approvalStatus: z.enum(APPROVAL_STATUSES) })),
    }),
  ),
});

export const COMPLIANCE_REPORT_FORMATS = ['csv', 'pdf'] as const;
export const ZComplianceReportDownloadQuery = z.object({
  format: z
    .enum(COMPLIANCE_REPORT_FORMATS)
    .default('csv')
    .describe(
      'csv (the default): one row per missing patch per device. pdf: an A4 document with the organization, generation time, summary figures (devices, up to date, missing critical, failed) and the same device/package table, its header repeated on each page.',
    ),
});
