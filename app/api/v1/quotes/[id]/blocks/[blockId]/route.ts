// /api/v1/quotes/:id/blocks/:blockId — edit or remove a block.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZQuoteBlock, ZQuoteBlockParams, ZUpdateQuoteBlock } from '@/lib/quotes/schemas';
import { deleteQuoteBlock, updateQuoteBlock } from '@/lib/quotes/quote-blocks';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZQuoteBlockParams,
  body: ZUpdateQuoteBlock,
  summary: 'Edit a quote block',
  description: '404 `BLOCK_NOT_FOUND`; 409 `QUOTE_NOT_DRAFT`.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteBlock }),
  audit: 'quote.block_update',
  handler: ({ ctx, params, body }) => updateQuoteBlock(ctx, params.id, params.blockId, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZQuoteBlockParams,
  summary: 'Remove a quote block',
  description: 'Its lines stay on the quote outside any block. 404 `BLOCK_NOT_FOUND`; 409 `QUOTE_NOT_DRAFT`. 204.',
  tags: ['Billing'],
  audit: 'quote.block_delete',
  handler: ({ ctx, params }) => deleteQuoteBlock(ctx, params.id, params.blockId),
});
