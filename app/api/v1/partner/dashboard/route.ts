// GET /api/v1/partner/dashboard — fleet, alert and ticket counts for the console's dashboard.
import { defineRoute } from '@/lib/http/define-route';
import { ZPartnerDashboard } from '@/lib/partner-dashboard/schemas';
import { getPartnerDashboard } from '@/lib/partner-dashboard/get-partner-dashboard';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  summary: 'Partner dashboard',
  description: [
    'Counts over everything the caller can see: organizations and sites; devices by status and OS with the ten largest organizations; open alerts by severity; tickets by status and open tickets by priority.',
    'Organization access narrows every count. The `devices`, `alerts` and `tickets` sections need `devices:read`, `alerts:read` and `tickets:read` and are null without them (`alerts` is also null when the alerts domain is not deployed). Decommissioned devices and archived tickets are not counted.',
  ].join('\n\n'),
  tags: ['Dashboard'],
  response: ZPartnerDashboard,
  handler: ({ ctx }) => getPartnerDashboard(ctx),
});
