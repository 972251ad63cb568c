// /api/v1/contracts/:id/lines/:lineId — edit or remove one line.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZContractLine, ZContractLineParams, ZUpdateContractLine } from '@/lib/contracts/schemas';
import { deleteContractLine, updateContractLine } from '@/lib/contracts/contract-lines';
import { LINE_RULES_DOC } from '@/lib/billing/line-rules-doc';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZContractLineParams,
  body: ZUpdateContractLine,
  summary: 'Edit a contract line in place',
  description: `Strict body: unknown keys give 400. Only the keys sent change. 400 \`INVALID_LINE_PATCH\` when nothing usable is sent, when \`type\` or a different \`deviceSetType\` is sent (immutable), or when the result mixes fields of another line kind (a \`manualQuantity\` on a per-device line, \`groupId\` on a site set …). 404 \`LINE_NOT_FOUND\` when the contract has no such line.\n\n${LINE_RULES_DOC}`,
  tags: ['Billing'],
  response: z.object({ data: ZContractLine }),
  audit: 'contract.line_update',
  handler: ({ ctx, params, body }) => updateContractLine(ctx, params.id, params.lineId, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZContractLineParams,
  summary: 'Remove a contract line',
  description: '404 `LINE_NOT_FOUND` when the contract has no such line. 204.',
  tags: ['Billing'],
  audit: 'contract.line_delete',
  handler: ({ ctx, params }) => deleteContractLine(ctx, params.id, params.lineId),
});
