// POST /api/v1/contracts/:id/currency — change a draft contract's currency.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCurrencyChange } from '@/lib/billing/schemas';
import { ZContract } from '@/lib/contracts/schemas';
import { changeContractCurrency } from '@/lib/contracts/change-contract-currency';
import { CURRENCY_CHANGE_DOC } from '@/lib/billing/currency-change-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCurrencyChange,
  summary: 'Change a draft contract’s currency',
  description: `${CURRENCY_CHANGE_DOC} 409 \`CONTRACT_NOT_DRAFT\` unless the contract is a draft.`,
  tags: ['Billing'],
  response: z.object({ data: ZContract }),
  audit: 'contract.currency',
  handler: ({ ctx, params, body }) => changeContractCurrency(ctx, params.id, body),
});
