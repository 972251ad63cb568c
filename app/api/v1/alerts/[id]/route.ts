// GET /api/v1/alerts/:id — one alert (dismissed ones too).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAlert } from '@/lib/alerts/schemas';
import { getAlertOrThrow } from '@/lib/alerts/get-alert-or-throw';
import { toAlertDto } from '@/lib/alerts/to-alert-dto';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: 'Get an alert',
  description: 'Reads carry `status`, `dismissedAt` and `dismissedBy`.',
  tags: ['Alerts'],
  response: ZAlert,
  handler: async ({ ctx, params }) => toAlertDto(await getAlertOrThrow(ctx, params.id)),
});
