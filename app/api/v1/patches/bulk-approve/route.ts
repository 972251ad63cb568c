// POST /api/v1/patches/bulk-approve — one decision over many patches.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkApproveBody, ZBulkDecisionResult } from '@/lib/patches/schemas';
import { bulkDecidePatches } from '@/lib/patches/bulk-decide-patches';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:approve',
  body: ZBulkApproveBody,
  audit: 'patch.bulk_decision',
  summary: 'Approve, decline or defer many patches',
  description: `Applies \`action\` (approve by default; decline; defer with \`until\`) to up to 500 patches, for \`orgIds\` or every organization in scope that has each patch. Each patch is decided on its own: one not found or refused is listed in \`failed\` and the others go ahead.`,
  tags: ['Patches'],
  response: ZBulkDecisionResult,
  handler: ({ ctx, body }) => bulkDecidePatches(ctx, body),
});
