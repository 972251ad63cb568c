import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';
import { ZDevice } from '@/lib/devices/schemas';
import { ZFilterCondition, ZFilterRules, walkConditions, type FilterCondition } from '@/lib/device-filters/schemas';

/** One condition of a dynamic group's rule: the shared device filter grammar. */
export const ZRuleCondition = ZFilterCondition;
export type RuleCondition = FilterCondition;

/**
 * A dynamic group's rules: the device filter grammar, less group membership (a group whose
 * members depend on other groups' members would depend on the order groups are reconciled in).
 */
export const ZGroupRules = ZFilterRules.superRefine((tree, ctx) => {
  for (const { condition, path } of walkConditions(tree)) {
    if (condition.field === 'groupId') ctx.addIssue({ code: 'custom', path: [...path, 'field'], message: 'A dynamic group cannot select devices by group membership' });
  }
}).meta({ id: 'DeviceGroupRules' });
export type GroupRules = z.output<typeof ZGroupRules>;

const name = zText(255, 1);
const description = zText(1000);

export const ZCreateGroup = z
  .object({
    name,
    description: description.optional(),
    orgId: z.string().uuid().optional().describe('Optional for a partner with exactly one organization'),
    siteId: z.string().uuid().optional().describe('Restricts membership to devices of this site'),
    type: z.enum(['static', 'dynamic']),
    rules: ZGroupRules.optional().describe('Required for dynamic groups, refused for static ones'),
    deviceIds: z.array(z.string().uuid()).max(1000).optional().describe('Static groups: initial members'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'dynamic' && !v.rules) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'A dynamic group needs rules' });
    if (v.type === 'static' && v.rules) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'A static group has no rules' });
    if (v.type === 'dynamic' && v.deviceIds) ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'Dynamic membership comes from the rules (pin devices instead)' });
  });

export const ZUpdateGroup = z
  .object({ name, description: description.nullable(), rules: ZGroupRules })
  .partial()
  .strict();

export const ZListGroupsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  orgId: z.string().uuid().optional(),
  type: z.enum(['static', 'dynamic']).optional(),
  search: zText(255, 1).optional(),
});

export const ZGroup = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(['static', 'dynamic']),
  rules: ZGroupRules.nullable(),
  deviceCount: z.number().int(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'DeviceGroup' });

export const ZGroupDevice = ZDevice.extend({
  membershipSource: z.enum(['manual', 'rule', 'pin']),
  joinedAt: ZTimestamp,
  pin: z.enum(['include', 'exclude']).nullable(),
});

export const ZAddGroupDevices = z.object({ deviceIds: z.array(z.string().uuid()).min(1).max(1000) }).strict();
export const ZAddGroupDevicesResponse = z.object({
  added: z.array(z.string().uuid()),
  skipped: z.array(z.object({ deviceId: z.string().uuid(), reason: z.enum(['ALREADY_MEMBER', 'NOT_IN_GROUP_SCOPE']) })),
  failed: z.array(z.object({ deviceId: z.string().uuid(), code: z.string(), message: z.string() })),
});

export const ZPin = z.object({ mode: z.enum(['include', 'exclude']) }).strict();
export const ZPinResponse = z.object({ groupId: z.string().uuid(), deviceId: z.string().uuid(), mode: z.enum(['include', 'exclude']).nullable(), member: z.boolean() }).meta({ id: 'DeviceGroupPin' });

export const ZPreviewBody = z.object({ rules: ZGroupRules.optional().describe('Rules to try; default: the group’s saved rules') }).strict();
export const ZPreviewQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const ZPreviewResponse = z.object({
  total: z.number().int().describe('Devices the group would hold (pins applied)'),
  devices: z.array(ZDevice).describe('The first `limit` of them, by hostname'),
  joining: z.array(z.string().uuid()).describe('Not members now, would join (up to 1,000 ids)'),
  leaving: z.array(z.string().uuid()).describe('Members now, would leave (up to 1,000 ids)'),
  joinCount: z.number().int(),
  leaveCount: z.number().int(),
});

export const ZMembershipLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  deviceId: z.string().uuid().optional(),
  action: z.enum(['joined', 'left']).optional(),
});
export const MEMBERSHIP_REASONS = [
  'manual_add', 'manual_remove', 'rule_match', 'rule_unmatch', 'pin_include', 'pin_exclude', 'unpinned', 'device_moved', 'device_decommissioned',
] as const;
export const ZMembershipLogEntry = z.object({
  id: z.string().uuid(),
  groupId: z.string().uuid(),
  deviceId: z.string().uuid(),
  hostname: z.string().nullable(),
  action: z.enum(['joined', 'left']),
  reason: z.enum(MEMBERSHIP_REASONS),
  actorId: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
});

export const ZGroupDeviceParams = z.object({ id: z.string().uuid(), deviceId: z.string().uuid() });
