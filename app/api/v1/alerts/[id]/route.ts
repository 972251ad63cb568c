// GET /api/v1/alerts/:id — one alert (dismissed ones too).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAlert, type TAlert } from '@/lib/alerts/schemas';
import { alertPsaTicket } from '@/lib/psa/psa-ticket-requests';
import { getAlertOrThrow } from '@/lib/alerts/get-alert-or-throw';
import { toAlertDto } from '@/lib/alerts/to-alert-dto';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: 'Get an alert',
  description: 'Reads carry `status`, `dismissedAt` and `dismissedBy`, and `psaTicket`: the ticket opened in the partner’s PSA for the alert in external service management (null otherwise).',
  tags: ['Alerts'],
  response: ZAlert,
  handler: async ({ ctx, params }) => {
    const alert = await getAlertOrThrow(ctx, params.id);
    return { ...toAlertDto(alert), psaTicket: (await alertPsaTicket(alert.id)) as TAlert['psaTicket'] };
  },
});
