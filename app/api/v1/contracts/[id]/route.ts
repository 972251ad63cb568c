// /api/v1/contracts/:id — one contract.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZContract, ZUpdateContract } from '@/lib/contracts/schemas';
import { getContractOrThrow } from '@/lib/contracts/get-contract-or-throw';
import { toContractDto } from '@/lib/contracts/to-contract-dto';
import { updateContract } from '@/lib/contracts/update-contract';
import { deleteContract } from '@/lib/contracts/contract-status';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Get a contract',
  tags: ['Billing'],
  response: z.object({ data: ZContract }),
  handler: async ({ ctx, params }) => ({ data: toContractDto(await getContractOrThrow(ctx, params.id)) }),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZUpdateContract,
  summary: 'Update a contract',
  description: 'Draft and active contracts (409 `CONTRACT_NOT_EDITABLE` otherwise). `startDate` changes only on drafts (409 `CONTRACT_NOT_DRAFT`). Status moves through the action routes; currency through `POST /contracts/:id/currency`.',
  tags: ['Billing'],
  response: z.object({ data: ZContract }),
  audit: 'contract.update',
  handler: ({ ctx, params, body }) => updateContract(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Delete a draft contract',
  description: 'Drafts only (409 `CONTRACT_NOT_DRAFT`); cancel an active contract instead. 204.',
  tags: ['Billing'],
  audit: 'contract.delete',
  handler: ({ ctx, params }) => deleteContract(ctx, params.id),
});
