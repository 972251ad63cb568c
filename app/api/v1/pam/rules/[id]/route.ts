// /api/v1/pam/rules/:id — update or delete an elevation rule.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPamRule, ZUpdatePamRule } from '@/lib/pam/schemas';
import { deleteRule, updateRule } from '@/lib/pam/rules';
import { RULE_DOC } from '@/lib/pam/docs';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  params: ZIdParams,
  body: ZUpdatePamRule,
  audit: 'pam_rule.update',
  summary: 'Update an elevation rule',
  description: `Needs \`pam:manage\`. A match field set to null is cleared; the rule must keep at least one.\n\n${RULE_DOC}`,
  tags: ['PAM'],
  response: ZPamRule,
  handler: ({ ctx, params, body }) => updateRule(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  params: ZIdParams,
  audit: 'pam_rule.delete',
  summary: 'Delete an elevation rule',
  description: 'Needs `pam:manage`. Requests it decided keep their decision (their `ruleId` stays as a reference).',
  tags: ['PAM'],
  handler: ({ ctx, params }) => deleteRule(ctx, params.id),
});
