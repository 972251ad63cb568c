// POST /api/v1/quotes/:id/blocks — add a text block.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCreateQuoteBlock, ZQuoteBlock } from '@/lib/quotes/schemas';
import { addQuoteBlock } from '@/lib/quotes/quote-blocks';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCreateQuoteBlock,
  status: 201,
  summary: 'Add a quote block',
  description: 'A titled text section (scope, terms …); lines may point at it with `blockId`. Draft quotes only.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteBlock }),
  audit: 'quote.block_add',
  handler: ({ ctx, params, body }) => addQuoteBlock(ctx, params.id, body),
});
