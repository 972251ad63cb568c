// GET /api/v1/discovery/topology — the network as scans learned it.
import { defineRoute } from '@/lib/http/define-route';
import { ZTopology, ZTopologyQuery } from '@/lib/discovery/schemas';
import { getTopology } from '@/lib/discovery/topology';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  query: ZTopologyQuery,
  summary: 'Get the discovered network topology',
  description: 'Needs `discovery:read`. Nodes: the profiles’ subnets (`subnet:<cidr>`), their probe devices (`device:<id>`), assets (`asset:<id>`, kind `gateway` for the probe’s default gateway, `switch` for an asset whose SNMP bridge or LLDP tables named neighbours) and gateways outside the scanned subnets (`gateway:<ip>`). Edges: `probe` (probe → subnet), `member` (subnet → asset), `gateway` (subnet → its gateway), `neighbor` (switch → asset seen on one of its ports; `label` names the port). Ignored assets are left out; at most 2,000 assets, most recently seen first. Filters: `orgId`, `profileId`.',
  tags: ['Discovery'],
  response: ZTopology,
  handler: ({ ctx, query }) => getTopology(ctx, query),
});
