// /api/v1/automations — triggers (schedule, event, alert, manual), conditions and ordered actions.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { AUTOMATION_DOC, ZAutomation, ZCreateAutomation, ZListAutomationsQuery } from '@/lib/automations/schemas';
import { createAutomation, listAutomations } from '@/lib/automations/manage-automations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:read',
  query: ZListAutomationsQuery,
  summary: 'List automations',
  description: 'Automations of the caller’s organizations, newest first. Filters: `orgId`, `triggerType`, `enabled`, `search` (name). Needs `automations:read`.',
  tags: ['Automations'],
  response: ZPageOf(ZAutomation),
  handler: ({ ctx, query }) => listAutomations(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:manage',
  body: ZCreateAutomation,
  status: 201,
  summary: 'Create an automation',
  description: [
    'Needs `automations:manage`. The automation belongs to one organization (`orgId`; an organization caller’s own when omitted). Scripts, groups, target devices, groups and sites must be of that organization (else 400 `REF_NOT_FOUND` naming the field); `add_to_group` needs a static group (400 `GROUP_NOT_STATIC`).',
    AUTOMATION_DOC,
  ].join('\n\n'),
  tags: ['Automations'],
  response: ZAutomation,
  handler: ({ ctx, body }) => createAutomation(ctx, body),
});
