// GET /api/v1/distributor/orders/:id — an order with its lines.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZOrderDetail } from '@/lib/distributor/order-schemas';
import { getOrderOrThrow } from '@/lib/distributor/get-order-or-throw';
import { toOrderDto, toOrderLineDto } from '@/lib/distributor/to-order-dto';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  params: ZIdParams,
  summary: 'Get a distributor order',
  description: `${DISTRIBUTOR_ACCESS} \`{ data: { order, lines } }\`; 404 for orders of organizations outside your access.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZOrderDetail,
  handler: async ({ ctx, params }) => {
    const order = await getOrderOrThrow(ctx, params.id);
    return { data: { order: toOrderDto(order), lines: order.lines.map(toOrderLineDto) } };
  },
});
