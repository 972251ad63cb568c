// Patch policies (doc 1 "Patching": GET|POST /patch-policies, GET|PATCH|DELETE
// /patch-policies/:id). The spec names the endpoints only; the fields are designed here and
// published in OpenAPI through these schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { ZWindowTargets } from '@/lib/maintenance/schemas';
import { PATCH_SEVERITIES, PATCH_SOURCES, REBOOT_BEHAVIORS } from '@/lib/patches/schemas';

export const MAX_AUTO_APPROVE_DAYS = 90;
export type PatchSeverityName = (typeof PATCH_SEVERITIES)[number];

const ZUuid = z.string().uuid();

export const ZAutoApproveRule = z
  .object({
    approve: z.boolean().default(false).describe('Approve patches of this severity automatically'),
    afterDays: z
      .number()
      .int()
      .min(0)
      .max(MAX_AUTO_APPROVE_DAYS)
      .default(0)
      .describe(`Days (0 to ${MAX_AUTO_APPROVE_DAYS}) since the patch was first seen on a targeted device before it is approved`),
  })
  .strict();
export type AutoApproveRule = z.output<typeof ZAutoApproveRule>;

const OFF = { approve: false, afterDays: 0 };
const ruleFor = (s: PatchSeverityName) => ZAutoApproveRule.default(OFF).describe(`Rule for ${s} patches (default: not approved automatically)`);

export const ZAutoApprove = z
  .object({ critical: ruleFor('critical'), important: ruleFor('important'), moderate: ruleFor('moderate'), low: ruleFor('low'), unknown: ruleFor('unknown') })
  .strict()
  .describe('Per severity, whether patches are approved automatically and after how many days; severities left out are not auto-approved');
export type AutoApprove = z.output<typeof ZAutoApprove>;

const ZSources = z
  .array(z.enum(PATCH_SOURCES))
  .min(1)
  .max(PATCH_SOURCES.length)
  .refine((a) => new Set(a).size === a.length, { message: 'Name each source once' })
  .describe('Patch sources the policy covers: os_vendor_a, os_vendor_b, linux, third_party, custom');

const fields = {
  name: zText(255, 1),
  description: zText(2000).nullable().optional(),
  enabled: z.boolean().describe('A disabled policy approves nothing'),
  targets: ZWindowTargets.describe('Organizations, sites, device groups and devices the policy covers, inside its scope; all four empty means every device of its organization (or partner)'),
  sources: ZSources,
  autoApprove: ZAutoApprove,
  rebootBehavior: z.enum(REBOOT_BEHAVIORS).describe('After an install: never reboot, reboot if the install requires it, or always reboot'),
  maintenanceWindowId: ZUuid.nullable().describe('Installs of approved patches run in this maintenance window (in scope and not cancelled, else 400); null installs as soon as a job runs'),
};

export const ZCreatePatchPolicy = z
  .object({
    orgId: ZUuid.nullable().optional().describe('Owning organization; omitted or null for a partner-wide policy (callers that see every organization)'),
    name: fields.name,
    description: fields.description,
    enabled: fields.enabled.default(true),
    targets: fields.targets.default({ orgIds: [], siteIds: [], groupIds: [], deviceIds: [] }),
    sources: fields.sources.default([...PATCH_SOURCES]),
    autoApprove: fields.autoApprove.default({ critical: OFF, important: OFF, moderate: OFF, low: OFF, unknown: OFF }),
    rebootBehavior: fields.rebootBehavior.default('if_required'),
    maintenanceWindowId: fields.maintenanceWindowId.optional(),
  })
  .strict();
export type CreatePatchPolicyInput = z.output<typeof ZCreatePatchPolicy>;

export const ZUpdatePatchPolicy = z
  .object({
    name: fields.name,
    description: fields.description,
    enabled: fields.enabled,
    targets: fields.targets,
    sources: fields.sources,
    autoApprove: fields.autoApprove.describe('Replaces the rules; severities left out are not auto-approved'),
    rebootBehavior: fields.rebootBehavior,
    maintenanceWindowId: fields.maintenanceWindowId,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' });
export type UpdatePatchPolicyInput = z.output<typeof ZUpdatePatchPolicy>;

export const ZListPatchPoliciesQuery = pageQuery(50, 100).extend({
  orgId: ZUuid.optional().describe('Policies owned by this organization (partner-wide ones are listed without orgId)'),
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('Only enabled (true) or disabled (false) policies'),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
});

export const ZPatchPolicy = z
  .object({
    id: ZUuid,
    partnerId: ZUuid,
    orgId: ZUuid.nullable().describe('Null for a partner-wide policy'),
    name: z.string(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    targets: z.object({ orgIds: z.array(ZUuid), siteIds: z.array(ZUuid), groupIds: z.array(ZUuid), deviceIds: z.array(ZUuid) }),
    sources: z.array(z.enum(PATCH_SOURCES)),
    autoApprove: z.object({ critical: ZAutoApproveRule, important: ZAutoApproveRule, moderate: ZAutoApproveRule, low: ZAutoApproveRule, unknown: ZAutoApproveRule }),
    rebootBehavior: z.enum(REBOOT_BEHAVIORS),
    maintenanceWindowId: ZUuid.nullable(),
    lastAppliedAt: ZTimestamp.nullable().describe('When the worker last applied the policy'),
    createdBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'PatchPolicy' });
export type TPatchPolicy = z.infer<typeof ZPatchPolicy>;
