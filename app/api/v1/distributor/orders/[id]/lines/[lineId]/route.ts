// /api/v1/distributor/orders/:id/lines/:lineId — complete or remove a staged line.
import { defineRoute } from '@/lib/http/define-route';
import { ZLineParams, ZLineResult, ZPatchLine, ZRemoved } from '@/lib/distributor/order-schemas';
import { deleteLine, patchLine } from '@/lib/distributor/edit-line';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  params: ZLineParams,
  body: ZPatchLine,
  summary: 'Complete a new-subscription line',
  description: 'At least one of `commitmentTermId` (string or null) and `provisioningDetails` ([{ key, values }]); only on a pending `new_subscription` line of a mutable order (409 `LINE_NOT_EDITABLE` otherwise), direct or quote-staged; quote, catalog and contract linkage are kept. MFA required; audited.',
  tags: DISTRIBUTOR_TAGS,
  response: ZLineResult,
  audit: 'distributor_order.line_update',
  handler: ({ ctx, params, body }) => patchLine(ctx, params.id, params.lineId, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  params: ZLineParams,
  summary: 'Remove a staged line',
  description: 'Direct orders only (409 `QUOTE_ORDER_LOCKED`), while the order is mutable. Answers `{ removed: true }`. MFA required; audited.',
  tags: DISTRIBUTOR_TAGS,
  response: ZRemoved,
  audit: 'distributor_order.line_remove',
  handler: ({ ctx, params }) => deleteLine(ctx, params.id, params.lineId),
});
