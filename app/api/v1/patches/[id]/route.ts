// GET /api/v1/patches/:id — one patch with its devices.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPatchDetail } from '@/lib/patches/schemas';
import { getPatch } from '@/lib/patches/get-patch';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  params: ZIdParams,
  summary: 'Get a patch',
  description: 'The patch, its approvals per organization and the devices in scope that have it (status, the version before it, last error). 404 when no device in scope has it.',
  tags: ['Patches'],
  response: ZPatchDetail,
  handler: ({ ctx, params }) => getPatch(ctx, params.id),
});
