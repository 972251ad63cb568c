// POST /api/v1/alerts/:id/psa-ticket — open the alert's ticket in the partner's PSA (external
// service management), through the open_psa_ticket job.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAlertPsaTicket } from '@/lib/alerts/schemas';
import { requestAlertPsaTicket } from '@/lib/psa/psa-ticket-requests';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  params: ZIdParams,
  status: 202,
  summary: 'Open the alert’s ticket in the PSA',
  description:
    'For a partner whose `serviceManagementMode` is `external`: queues a ticket in the bound PSA connection (subject `[severity] title`, the alert message as description, filed under the PSA company the organization is linked to) and answers the alert’s `psaTicket`. One ticket per alert: a repeat answers the existing one, and one the PSA refused is queued again. Throttling and PSA outages are retried by the worker. 409 `SERVICE_MANAGEMENT_NOT_EXTERNAL` in any other mode (use `POST /alerts/:id/ticket`). Needs `alerts:read` as well (404 otherwise).',
  tags: ['Alerts'],
  errors: [409],
  response: ZAlertPsaTicket,
  handler: ({ ctx, params }) => requestAlertPsaTicket(ctx, params.id),
});
