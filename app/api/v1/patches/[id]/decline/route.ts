// POST /api/v1/patches/:id/decline — decline a patch for organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDecisionResult, ZDeclineBody } from '@/lib/patches/schemas';
import { decidePatch } from '@/lib/patches/decide-patch';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  params: ZIdParams,
  body: ZDeclineBody,
  audit: 'patch.decline',
  summary: 'Decline a patch',
  description: 'Declines the patch for `orgIds`, or every organization in scope with a device that has it: it is not installed and does not count against compliance. Approve it later to re-open it.',
  tags: ['Patches'],
  response: ZDecisionResult,
  handler: ({ ctx, params, body }) => decidePatch(ctx, params.id, { action: 'decline' }, body),
});
