// POST /api/v1/patches/:id/defer — defer a patch until a date.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDecisionResult, ZDeferBody } from '@/lib/patches/schemas';
import { decidePatch } from '@/lib/patches/decide-patch';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  params: ZIdParams,
  body: ZDeferBody,
  audit: 'patch.defer',
  summary: 'Defer a patch',
  description: 'Defers the patch until `until` (future, at most 365 days ahead; else 400 `INVALID_DEFER_DATE`); it reads as `pending` again after that. A declined patch is not deferred: 409 `INVALID_APPROVAL_TRANSITION`.',
  tags: ['Patches'],
  response: ZDecisionResult,
  handler: ({ ctx, params, body }) => decidePatch(ctx, params.id, { action: 'defer', until: body.until }, body),
});
