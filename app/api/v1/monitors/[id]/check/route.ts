// POST /api/v1/monitors/:id/check — run the check now.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCheckNowResult } from '@/lib/monitors/schemas';
import { checkMonitorNow } from '@/lib/monitors/check-monitor';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Run a monitor check now',
  description: 'Runs the check synchronously and records it like a scheduled one (result, status, alert raise or resolve).',
  tags: ['Monitors'],
  response: ZCheckNowResult,
  audit: 'monitor.check',
  handler: ({ ctx, params }) => checkMonitorNow(ctx, params.id),
});
