// POST /api/v1/patches/:id/rollback — reinstall the previous version on devices.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCreateJobResponse, ZRollbackBody } from '@/lib/patches/schemas';
import { rollbackPatch } from '@/lib/patches/rollback-patch';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:deploy',
  params: ZIdParams,
  body: ZRollbackBody,
  status: 202,
  audit: 'patch.rollback',
  summary: 'Roll back a patch',
  description:
    'A rollback job per device (`deviceIds`, or every device in scope where it is installed): the agent reinstalls the version the device had before (apt: `apt-get install --allow-downgrades pkg=previous`), which works while a configured source still offers that version; the outcome fires `patch.rollback` or `patch.failed`. Devices where the patch is not installed are skipped `NOTHING_TO_ROLL_BACK`. A patch whose source is not `linux` is refused with 422 `ROLLBACK_NOT_SUPPORTED` (nothing queued).',
  tags: ['Patches'],
  response: ZCreateJobResponse,
  errors: [422],
  handler: ({ ctx, params, body }) => rollbackPatch(ctx, params.id, body),
});
