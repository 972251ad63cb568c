// POST /api/v1/pam/rules/preview — which recent requests a draft rule would match.
import { defineRoute } from '@/lib/http/define-route';
import { ZPreviewPamRule, ZRulePreview } from '@/lib/pam/schemas';
import { previewRule } from '@/lib/pam/rules';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:read',
  body: ZPreviewPamRule,
  audit: false,
  summary: 'Preview a draft elevation rule',
  description: 'Needs `pam:read`. Takes the match fields of a rule (same validation as `POST /pam/rules`, nothing is stored) and answers which of the organization’s requests of the last `days` (default 30, at most 90; the newest 1000 at most) it would match: their count and the newest 100.',
  tags: ['PAM'],
  response: ZRulePreview,
  handler: ({ ctx, body }) => previewRule(ctx, body),
});
