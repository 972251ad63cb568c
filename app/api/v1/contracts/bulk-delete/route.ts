// POST /api/v1/contracts/bulk-delete — delete many draft contracts.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkIds, ZBulkResult } from '@/lib/billing/schemas';
import { bulkDeleteContracts } from '@/lib/contracts/bulk-contracts';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkIds,
  summary: 'Delete many draft contracts',
  description: 'Up to 100 ids, each on its own: `updated` (deleted) or `failed` with the single-call error (`NOT_FOUND`, `CONTRACT_NOT_DRAFT`). Repeated ids count once.',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'contract.bulk_delete',
  handler: ({ ctx, body }) => bulkDeleteContracts(ctx, body.ids),
});
