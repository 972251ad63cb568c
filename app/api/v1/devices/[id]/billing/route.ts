// GET /api/v1/devices/:id/billing — which contract line bills the device.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { getDeviceBilling } from '@/lib/billing/get-device-billing';
import { ZDeviceBilling } from '@/lib/billing/schemas';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Which contract line bills the device',
  description: [
    'Needs partner or system scope plus `devices:read` and `contracts:read`. The covering contract and line, with the match kind (`organization_wide`, `site`, `role`, `group`) — the first per-device line, in billing order, whose device set holds the device — or `billable: false` with `reason`: `device_not_active` (not enrolled, uninstalled or decommissioned), `no_active_contract`, `no_matching_line`.',
    'A line that cannot be evaluated before the match is an error, not "not covered": 409 `GROUP_DELETED`, `SITE_DELETED` or `GROUP_EVALUATION_FAILED`.',
  ].join('\n\n'),
  tags: ['Billing', 'Devices'],
  response: z.object({ data: ZDeviceBilling }),
  handler: ({ ctx, params }) => getDeviceBilling(ctx, params.id),
});
