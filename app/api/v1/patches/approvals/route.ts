// GET /api/v1/patches/approvals — organizations' decisions on patches.
import { defineRoute } from '@/lib/http/define-route';
import { ZApprovalList, ZListApprovalsQuery } from '@/lib/patches/schemas';
import { listApprovals } from '@/lib/patches/list-approvals';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  query: ZListApprovalsQuery,
  summary: 'List patch approvals',
  description: 'One row per organization and patch (created `pending` when a scan first finds the patch there), newest decision first. `status` filters on the effective state: a deferral past its date is `pending`.',
  tags: ['Patches'],
  response: ZApprovalList,
  handler: ({ ctx, query }) => listApprovals(ctx, query),
});
