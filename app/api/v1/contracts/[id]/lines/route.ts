// POST /api/v1/contracts/:id/lines — add a line.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZContractLine, ZCreateContractLine } from '@/lib/contracts/schemas';
import { addContractLine } from '@/lib/contracts/contract-lines';
import { LINE_RULES_DOC } from '@/lib/billing/line-rules-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCreateContractLine,
  status: 201,
  summary: 'Add a contract line',
  description: `${LINE_RULES_DOC}\n\nDraft and active contracts only (409 \`CONTRACT_NOT_EDITABLE\`).`,
  tags: ['Billing'],
  response: z.object({ data: ZContractLine }),
  audit: 'contract.line_add',
  handler: ({ ctx, params, body }) => addContractLine(ctx, params.id, body),
});
