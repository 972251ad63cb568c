// Alert policies: which severities and rules notify which channels and users, and escalation
// after N minutes unacknowledged.
import { z } from 'zod';
import { ZPageMeta, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { SEVERITIES } from '@/lib/alerts/schemas';

const ids = (max: number) => z.array(z.string().uuid()).max(max).transform((v) => [...new Set(v)]);

const fields = {
  name: zText(255, 1),
  enabled: z.boolean(),
  severities: z.array(z.enum(SEVERITIES)).max(5).transform((v) => [...new Set(v)]).describe('Empty: every severity'),
  ruleIds: ids(100).describe('Empty: every rule (and monitors)'),
  channelIds: ids(50).describe('Channels notified when a matching alert triggers'),
  userIds: ids(200).describe('Users who get an in-app notification (the bell); they must belong to the partner or to the policy organization'),
  notifyOnResolve: z.boolean().describe('Also notify when the alert resolves (paging channels always get the resolve so the incident closes)'),
  escalateAfterMinutes: z.number().int().min(1).max(10_080).nullable().describe('Escalate an alert still `active` (unacknowledged) this long after it triggered: emits alert.escalated once'),
  escalationChannelIds: ids(50),
  escalationUserIds: ids(200),
  messageTemplateId: z.string().uuid().nullable().describe('A message template (kind message) for subject and body'),
};

export const ZCreatePolicy = z
  .object({
    ...fields,
    enabled: fields.enabled.default(true),
    severities: fields.severities.default([]),
    ruleIds: fields.ruleIds.default([]),
    channelIds: fields.channelIds.default([]),
    userIds: fields.userIds.default([]),
    notifyOnResolve: fields.notifyOnResolve.default(false),
    escalateAfterMinutes: fields.escalateAfterMinutes.default(null),
    escalationChannelIds: fields.escalationChannelIds.default([]),
    escalationUserIds: fields.escalationUserIds.default([]),
    messageTemplateId: fields.messageTemplateId.default(null),
    orgId: z.string().uuid().nullable().optional().describe('Omit or null for a partner-wide policy'),
  })
  .strict();

export const ZUpdatePolicy = z
  .object(fields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZPolicy = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid().nullable(),
  name: z.string(),
  enabled: z.boolean(),
  severities: z.array(z.enum(SEVERITIES)),
  ruleIds: z.array(z.string().uuid()),
  channelIds: z.array(z.string().uuid()),
  userIds: z.array(z.string().uuid()),
  notifyOnResolve: z.boolean(),
  escalateAfterMinutes: z.number().int().nullable(),
  escalationChannelIds: z.array(z.string().uuid()),
  escalationUserIds: z.array(z.string().uuid()),
  messageTemplateId: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'AlertPolicy' });

export const ZListPoliciesQuery = pageQuery(50, 100).extend({ orgId: z.string().uuid().optional() });
export const ZPolicyPage = z.object({ data: z.array(ZPolicy), pagination: ZPageMeta });
