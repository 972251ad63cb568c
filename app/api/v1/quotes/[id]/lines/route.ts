// POST /api/v1/quotes/:id/lines — add a line to a draft quote.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCreateQuoteLine, ZQuoteLine } from '@/lib/quotes/schemas';
import { addQuoteLine } from '@/lib/quotes/quote-lines';
import { LINE_RULES_DOC } from '@/lib/billing/line-rules-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCreateQuoteLine,
  status: 201,
  summary: 'Add a quote line',
  description: `Draft quotes only (409 \`QUOTE_NOT_DRAFT\`). \`blockId\` places the line in a block of the quote (400 \`BLOCK_NOT_FOUND\`).\n\n${LINE_RULES_DOC}`,
  tags: ['Billing'],
  response: z.object({ data: ZQuoteLine }),
  audit: 'quote.line_add',
  handler: ({ ctx, params, body }) => addQuoteLine(ctx, params.id, body),
});
