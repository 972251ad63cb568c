// POST /api/v1/contracts/:id/activate — draft → active.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZContract } from '@/lib/contracts/schemas';
import { activateContract } from '@/lib/contracts/contract-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Activate a draft contract',
  description: 'Billing starts: each monthly period from `nextPeriodStart` on becomes a draft invoice once it has begun. 409 `INVALID_STATUS_TRANSITION` unless the contract is a draft.',
  tags: ['Billing'],
  response: z.object({ data: ZContract }),
  audit: 'contract.activate',
  handler: ({ ctx, params }) => activateContract(ctx, params.id),
});
