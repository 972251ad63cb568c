// GET /api/v1/security/firewall — firewall state of every reporting device with its check outcome.
import { defineRoute } from '@/lib/http/define-route';
import { ZFirewallState, ZAreaList, ZSecurityListQuery } from '@/lib/security/posture-schemas';
import { listArea } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZSecurityListQuery,
  summary: 'List firewall state',
  description: 'Needs `devices:read`. Firewall status per device: active, inactive or unknown (reading nftables/iptables needs root; ufw and firewalld are read unprivileged), backend, default input policy and rule count. `summary` counts pass/fail/unknown over all reporting devices in scope; `status` filters the rows.',
  tags: ['Security'],
  response: ZAreaList(ZFirewallState),
  handler: ({ ctx, query }) => listArea(ctx, 'firewall', query),
});
