// Configuration policies (doc 1 "Maintenance, policies, deployments"). The spec names the
// endpoints; settings, checks, assignments and compliance shapes are designed here and published
// in OpenAPI through these schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { ZAgentCheck, AGENT_CHECK_KINDS } from '@/lib/policies/check-wire';

export const TARGET_TYPES = ['partner', 'organization', 'site', 'filter', 'group', 'device'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
/**
 * Precedence of a setting: the most specific assignment wins. A saved filter (the devices it
 * matches now) ranks above placement (site, organization, partner), which it usually narrows,
 * and below the deliberate lists of a group or a single device.
 */
export const TARGET_PRECEDENCE: Record<TargetType, number> = { device: 6, group: 5, filter: 4, site: 3, organization: 2, partner: 1 };
export const PRECEDENCE_DOC = 'device > group > saved filter > site > organization > partner';
export const RESULT_STATUSES = ['pass', 'fail', 'error', 'unsupported', 'pending'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export const COMPLIANCE_STATUSES = ['compliant', 'non_compliant', 'pending'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const SERVER_CHECK_KINDS = ['software_required', 'software_forbidden', 'security_posture'] as const;
export const MAX_CHECKS = 100;
export const MAX_ASSIGNMENTS = 500;

const ZUuid = z.string().uuid();

export const ZPolicySettings = z
  .object({
    heartbeatIntervalSeconds: z.number().int().min(15).max(3600).optional().describe('How often the agent beats (seconds); sent in the heartbeat answer, capped at half the offline threshold so a healthy device never looks offline'),
    inventoryIntervalMinutes: z.number().int().min(15).max(10_080).optional().describe('How often the agent should send a full inventory (minutes); sent in the heartbeat answer (inventoryIntervalMinutes); the agent uploads its inventory at that interval, daily when no policy sets it'),
    alertRuleIds: z.array(ZUuid).max(100).optional().describe('Alert rules (GET /alerts/rules) that make up the alert rule set: they apply to the device beside the rules whose own targets cover it; a rule without targets named by an active policy applies only where policies name it'),
    patchPolicyId: ZUuid.optional().describe('The patch policy (GET /patch-policies) devices follow, instead of the patch policies whose own targets cover them'),
    maintenanceWindowId: ZUuid.optional().describe('The maintenance window (GET /maintenance/windows) the devices are in, beside the windows whose own targets cover them'),
  })
  .strict()
  .meta({ id: 'PolicySettings' })
  .describe('Settings merged by precedence into the effective policy of a device (device over group over saved filter over site over organization over partner)');
export type PolicySettings = z.output<typeof ZPolicySettings>;
export const SETTING_KEYS = ['heartbeatIntervalSeconds', 'inventoryIntervalMinutes', 'alertRuleIds', 'patchPolicyId', 'maintenanceWindowId'] as const;

const ZCheckId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,60}$/, 'Letters, digits, dot, dash and underscore, at most 60')
  .describe('Unique within the policy; results are stored per check id');

const ZVersionConstraint = z
  .object({ op: z.enum(['=', '>=', '>', '<=', '<']), version: z.string().min(1).max(100) })
  .strict()
  .describe('Compared numerically by dotted parts (1.10 > 1.9)');

const ZServerCheck = z.discriminatedUnion('kind', [
  z.object({ id: ZCheckId, kind: z.literal('software_required'), name: z.string().min(1).max(500).describe('Installed software name (case-insensitive exact match) from inventory'), version: ZVersionConstraint.optional() }).strict(),
  z.object({ id: ZCheckId, kind: z.literal('software_forbidden'), name: z.string().min(1).max(500), version: ZVersionConstraint.optional().describe('Only these versions are forbidden') }).strict(),
  z
    .object({
      id: ZCheckId,
      kind: z.literal('security_posture'),
      key: z.string().min(1).max(64).describe('A registered posture check: `agent_up_to_date`, `no_overdue_critical_patches`'),
      params: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()])).default({}),
    })
    .strict(),
]);

/** Agent-side checks reuse the policy_check wire shapes, with the id restricted like every check id. */
const ZAgentSideCheck = ZAgentCheck.and(z.object({ id: ZCheckId }));

export const ZPolicyCheck = z
  .union([ZServerCheck, ZAgentSideCheck])
  .meta({ id: 'PolicyCheck' })
  .describe(
    `Server-side (decided from stored data): ${SERVER_CHECK_KINDS.join(', ')}. Agent-side (one policy_check command per device and evaluation): ${AGENT_CHECK_KINDS.join(', ')}; a script check may carry a remediation script`,
  );
export type PolicyCheck = z.output<typeof ZPolicyCheck>;

export const ZPolicyChecks = z
  .array(ZPolicyCheck)
  .max(MAX_CHECKS)
  .refine((a) => new Set(a.map((c) => c.id)).size === a.length, { message: 'Check ids must be unique within the policy' });

export const ZAssignment = z
  .object({ targetType: z.enum(TARGET_TYPES), targetId: ZUuid.describe('The partner, organization, site, saved filter, group or device id. A `filter` target is a shared saved filter (GET /filters): the policy applies to the devices it matches at each evaluation') })
  .strict()
  .meta({ id: 'PolicyAssignment' });
export type Assignment = z.output<typeof ZAssignment>;

const ZAssignments = z
  .array(ZAssignment)
  .max(MAX_ASSIGNMENTS)
  .refine((a) => new Set(a.map((x) => `${x.targetType}:${x.targetId}`)).size === a.length, { message: 'Name each target once' })
  .describe('Where the policy applies; targets must be inside the policy’s scope (else 400 TARGET_NOT_IN_SCOPE). A `partner` target is the caller’s own partner (partner-wide policies only)');

const body = {
  name: zText(255, 1),
  description: zText(2000).nullable().optional(),
  active: z.boolean().default(true),
  settings: ZPolicySettings.default({}),
  checks: ZPolicyChecks.default([]),
  assignments: ZAssignments.default([]),
};

export const ZCreatePolicy = z
  .object({ ...body, orgId: ZUuid.nullable().optional().describe('Owning organization; omitted or null: partner-wide (needs access to every organization)') })
  .strict()
  .meta({ id: 'CreatePolicy' });
export type CreatePolicyInput = z.output<typeof ZCreatePolicy>;

export const ZReplacePolicy = z.object(body).strict().meta({ id: 'ReplacePolicy' });
export type ReplacePolicyInput = z.output<typeof ZReplacePolicy>;

export const ZUpdatePolicy = z
  .object({
    name: body.name.optional(),
    description: body.description,
    active: z.boolean().optional(),
    settings: ZPolicySettings.optional(),
    checks: ZPolicyChecks.optional(),
    assignments: ZAssignments.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdatePolicy' });
export type UpdatePolicyInput = z.output<typeof ZUpdatePolicy>;

export const ZComplianceCounts = z
  .object({
    compliant: z.number().int(),
    nonCompliant: z.number().int(),
    pending: z.number().int(),
    total: z.number().int(),
    compliancePercent: z.number().nullable().describe('compliant / (compliant + nonCompliant) × 100, null before any decided result'),
  })
  .meta({ id: 'PolicyComplianceCounts' });

export const ZPolicy = z
  .object({
    id: ZUuid,
    partnerId: ZUuid,
    orgId: ZUuid.nullable(),
    name: z.string(),
    description: z.string().nullable(),
    active: z.boolean(),
    settings: ZPolicySettings,
    checks: z.array(ZPolicyCheck),
    assignments: z.array(ZAssignment),
    compliance: ZComplianceCounts,
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
    deactivatedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'Policy' });
export type TPolicy = z.infer<typeof ZPolicy>;

export const ZListPoliciesQuery = pageQuery().extend({
  active: z.enum(['true', 'false']).optional().describe('Only active (true) or deactivated (false) policies'),
  orgId: ZUuid.optional(),
  search: z.string().max(255).optional().describe('Name contains (case-insensitive)'),
});
export type ListPoliciesQuery = z.output<typeof ZListPoliciesQuery>;

export const ZCheckResult = z
  .object({ checkId: z.string(), kind: z.string().nullable(), status: z.enum(RESULT_STATUSES), detail: z.string().nullable(), evaluatedAt: ZTimestamp, changedAt: ZTimestamp })
  .meta({ id: 'PolicyCheckResultRow' });

export const ZDevicePolicyCompliance = z
  .object({
    deviceId: ZUuid,
    hostname: z.string(),
    orgId: ZUuid,
    policyId: ZUuid,
    policyName: z.string(),
    status: z.enum(COMPLIANCE_STATUSES),
    lastEvaluatedAt: ZTimestamp,
    changedAt: ZTimestamp,
    checks: z.array(ZCheckResult),
  })
  .meta({ id: 'DevicePolicyCompliance' });

export const ZPolicyComplianceQuery = pageQuery().extend({ status: z.enum(COMPLIANCE_STATUSES).optional() });
export type PolicyComplianceQuery = z.output<typeof ZPolicyComplianceQuery>;

export const ZComplianceStats = z
  .object({
    policies: z.object({ total: z.number().int(), active: z.number().int() }),
    devices: z.object({ evaluated: z.number().int(), compliant: z.number().int(), nonCompliant: z.number().int(), pending: z.number().int() }).describe('Devices under at least one active policy with checks: non-compliant when any policy fails, pending when any is undecided'),
    assignments: ZComplianceCounts.describe('Device × policy pairs'),
    checks: z.object({ pass: z.number().int(), fail: z.number().int(), error: z.number().int(), unsupported: z.number().int(), pending: z.number().int() }),
  })
  .meta({ id: 'PolicyComplianceStats' });

export const ZComplianceSummaryRow = z
  .object({ policyId: ZUuid, name: z.string(), orgId: ZUuid.nullable(), lastEvaluatedAt: ZTimestamp.nullable() })
  .extend(ZComplianceCounts.shape)
  .meta({ id: 'PolicyComplianceSummaryRow' });

export const ZDeviceComplianceQuery = z.object({ deviceId: ZUuid });

export const ZEffectiveSetting = z.object({
  key: z.enum(SETTING_KEYS),
  value: z.unknown(),
  policyId: ZUuid,
  policyName: z.string(),
  via: z.enum(TARGET_TYPES).describe('The assignment through which the winning policy applies'),
});

export const ZEffectivePolicy = z
  .object({
    deviceId: ZUuid,
    settings: ZPolicySettings.describe('The merged settings'),
    sources: z.array(ZEffectiveSetting).describe('Which policy supplied each setting'),
    policies: z.array(z.object({ policyId: ZUuid, name: z.string(), via: z.enum(TARGET_TYPES), precedence: z.number().int(), complianceStatus: z.enum(COMPLIANCE_STATUSES).nullable() })).describe('Active policies that apply, most specific first'),
  })
  .meta({ id: 'EffectivePolicy' });
export type TEffectivePolicy = z.infer<typeof ZEffectivePolicy>;
