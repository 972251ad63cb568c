// POST /api/v1/contracts/:id/cancel — draft or active → cancelled.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCancelContract, ZContract } from '@/lib/contracts/schemas';
import { cancelContract } from '@/lib/contracts/contract-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCancelContract,
  summary: 'Cancel a contract',
  description: 'No further periods are invoiced; invoices already generated stay. 409 `INVALID_STATUS_TRANSITION` when already cancelled or expired.',
  tags: ['Billing'],
  response: z.object({ data: ZContract }),
  audit: 'contract.cancel',
  handler: ({ ctx, params, body }) => cancelContract(ctx, params.id, body.reason),
});
