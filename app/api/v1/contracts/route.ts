// /api/v1/contracts — recurring billing agreements with their lines.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZContract, ZCreateContract, ZListContractsQuery } from '@/lib/contracts/schemas';
import { listContracts } from '@/lib/contracts/list-contracts';
import { createContract } from '@/lib/contracts/create-contract';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  query: ZListContractsQuery,
  summary: 'List contracts',
  description: 'Contracts of the organizations in the caller’s scope, newest first, with their lines in billing order (sortOrder, createdAt, id).',
  tags: ['Billing'],
  response: ZPageOf(ZContract),
  handler: ({ ctx, query }) => listContracts(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZCreateContract,
  status: 201,
  summary: 'Create a contract',
  description: [
    'A new contract is a `draft`. Statuses: `draft` → `active` (`POST /contracts/:id/activate`) → `cancelled` (`POST /contracts/:id/cancel`, also from draft) or `expired` (after `endDate`, by the billing sweep). Billing periods are monthly on the anniversary of `startDate`; each period of an active contract becomes a draft invoice.',
    'Lines may be given inline, with the rules of `POST /contracts/:id/lines`.',
    '409 `service_management_off` when the partner’s service-management mode is `off`.',
  ].join('\n\n'),
  tags: ['Billing'],
  response: z.object({ data: ZContract }),
  audit: 'contract.create',
  handler: ({ ctx, body }) => createContract(ctx, body),
});
