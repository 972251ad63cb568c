// POST /api/v1/patches/:id/approve — approve a patch for organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZApproveBody, ZDecisionResult } from '@/lib/patches/schemas';
import { decidePatch } from '@/lib/patches/decide-patch';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  params: ZIdParams,
  body: ZApproveBody,
  audit: 'patch.approve',
  summary: 'Approve a patch',
  description: 'Approves the patch for `orgIds`, or every organization in scope with a device that has it; fires `patch.approved` for each organization whose approval changed. Approving again changes nothing.',
  tags: ['Patches'],
  response: ZDecisionResult,
  handler: ({ ctx, params, body }) => decidePatch(ctx, params.id, { action: 'approve' }, body),
});
