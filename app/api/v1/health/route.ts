// GET /api/v1/health — liveness and database reachability (no auth).
import { z } from 'zod';
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { checkHealth } from '@/lib/observability/check-health';

export const dynamic = 'force-dynamic';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'Service health',
  tags: ['Operations'],
  response: z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) }),
  handler: async () => {
    const health = await checkHealth();
    return jsonResponse(health, health.db === 'ok' ? 200 : 503);
  },
});
