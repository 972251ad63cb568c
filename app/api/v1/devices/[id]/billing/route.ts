// GET /api/v1/devices/:id/billing — which contract line bills the device.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { getDeviceBilling } from '@/lib/billing/get-device-billing';

const ZDeviceBilling = z.object({
  deviceId: z.string(),
  hostname: z.string(),
  role: z.string(),
  status: z.string(),
  billable: z.boolean(),
  reason: z.enum(['device_not_active', 'no_active_contract', 'no_matching_line']).nullable(),
  contract: z.object({ id: z.string(), name: z.string(), status: z.string(), currency: z.string() }).nullable(),
  line: z.object({ id: z.string(), description: z.string(), deviceSetType: z.string(), unitPrice: z.string(), includedQuantity: z.number().int(), overageMode: z.string() }).nullable(),
  matchKind: z.enum(['organization_wide', 'site', 'role', 'group']).nullable(),
});

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
