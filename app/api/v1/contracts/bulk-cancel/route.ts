// POST /api/v1/contracts/bulk-cancel — cancel many contracts.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkResult } from '@/lib/billing/schemas';
import { ZBulkCancelContracts } from '@/lib/contracts/schemas';
import { bulkCancelContracts } from '@/lib/contracts/bulk-contracts';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkCancelContracts,
  summary: 'Cancel many contracts',
  description: 'Up to 100 ids, each on its own: `updated` (draft or active → cancelled, with the shared `reason`), `skipped` (already cancelled) or `failed` with the single-call error (`NOT_FOUND`, `INVALID_STATUS_TRANSITION` for expired ones). Repeated ids count once.',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'contract.bulk_cancel',
  handler: ({ ctx, body }) => bulkCancelContracts(ctx, body.ids, body.reason),
});
