// GET /api/v1/openapi.json — the API description, generated from the routes themselves.
import { defineRoute } from '@/lib/http/define-route';
import { buildOpenApi } from '@/lib/openapi/build-openapi';
import { publicUrl } from '@/lib/public-url';
import { routeIndex } from '@/app/api/route-index.generated';

let cached: Promise<unknown> | undefined;

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'OpenAPI document',
  tags: ['Operations'],
  handler: () => (cached ??= buildOpenApi(routeIndex, publicUrl('/api/v1'))),
});
