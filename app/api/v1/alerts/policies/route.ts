// /api/v1/alerts/policies — who gets notified of which alerts, and escalation.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreatePolicy, ZListPoliciesQuery, ZPolicy, ZPolicyPage } from '@/lib/alerts/policies/schemas';
import { listPolicies } from '@/lib/alerts/policies/list-policies';
import { createPolicy } from '@/lib/alerts/policies/create-policy';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListPoliciesQuery,
  summary: 'List alert policies',
  tags: ['Alert policies'],
  response: ZPolicyPage,
  handler: ({ ctx, query }) => listPolicies(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreatePolicy,
  status: 201,
  summary: 'Create an alert policy',
  description:
    'A policy matches alerts of its organization (or every organization when partner-wide) by `severities` and `ruleIds` (empty = all). On trigger it queues a send to each of `channelIds` and an in-app notification for each of `userIds`; alerts that join an existing correlation group notify nobody (one page per outage). `escalateAfterMinutes`: an alert still `active` that long after triggering is escalated once (alert.escalated) to `escalationChannelIds` and `escalationUserIds`. `notifyOnResolve` also notifies on resolve (paging channels always get resolve and acknowledge). Every id must belong to the policy scope (400 REFERENCE_NOT_IN_SCOPE).',
  tags: ['Alert policies'],
  response: ZPolicy,
  audit: 'alert_policy.create',
  handler: ({ ctx, body }) => createPolicy(ctx, body),
});
