// POST /api/v1/monitors/:id/test — dry-run the check.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCheckResult } from '@/lib/monitors/schemas';
import { testMonitor } from '@/lib/monitors/check-monitor';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Test a monitor',
  description: 'Runs the check once and returns the outcome; nothing is stored and no alert moves.',
  tags: ['Monitors'],
  response: ZCheckResult,
  audit: false,
  handler: ({ ctx, params }) => testMonitor(ctx, params.id),
});
