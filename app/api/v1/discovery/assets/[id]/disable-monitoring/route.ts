// POST /api/v1/discovery/assets/:id/disable-monitoring — stop watching a discovered asset.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAsset, ZAssetMonitoring } from '@/lib/discovery/schemas';
import { disableMonitoring } from '@/lib/discovery/monitoring';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  summary: 'Disable monitoring of a discovered asset',
  description: 'Needs `discovery:manage`. Deletes the monitors and the SNMP device the asset’s monitoring created (open monitor alerts are resolved). The settings are kept for the next enable. Idempotent.',
  tags: ['Discovery'],
  response: z.object({ asset: ZAsset, monitoring: ZAssetMonitoring }),
  handler: ({ ctx, params }) => disableMonitoring(ctx, params.id),
});
