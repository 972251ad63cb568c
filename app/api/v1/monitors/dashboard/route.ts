// GET /api/v1/monitors/dashboard — monitor health at a glance.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZDashboard } from '@/lib/monitors/schemas';
import { getMonitorDashboard } from '@/lib/monitors/monitors';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: z.object({ orgId: z.string().uuid().optional() }),
  summary: 'Monitor dashboard',
  description: 'Counts by status and kind, open monitor alerts, mean latency of healthy monitors and the monitors that are down.',
  tags: ['Monitors'],
  response: ZDashboard,
  handler: ({ ctx, query }) => getMonitorDashboard(ctx, query),
});
