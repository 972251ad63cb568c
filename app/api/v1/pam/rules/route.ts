// /api/v1/pam/rules — executable and signer rules that decide elevation requests at once.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreatePamRule, ZListPamQuery, ZPamRule } from '@/lib/pam/schemas';
import { createRule, listRules } from '@/lib/pam/rules';
import { RULE_DOC } from '@/lib/pam/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:read',
  query: ZListPamQuery,
  summary: 'List elevation rules',
  description: 'Needs `pam:read`. In decision order: `priority`, then creation. Filter: `orgId`.',
  tags: ['PAM'],
  response: ZPageOf(ZPamRule),
  handler: ({ ctx, query }) => listRules(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  body: ZCreatePamRule,
  status: 201,
  audit: 'pam_rule.create',
  summary: 'Create an elevation rule',
  description: `Needs \`pam:manage\`. \`orgId\` names the organization (organization callers: their own).\n\n${RULE_DOC}`,
  tags: ['PAM'],
  response: ZPamRule,
  handler: ({ ctx, body }) => createRule(ctx, body),
});
