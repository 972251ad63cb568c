// POST /api/v1/discovery/assets/:id/enable-monitoring — watch a discovered asset.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAsset, ZAssetMonitoring, ZEnableMonitoring } from '@/lib/discovery/schemas';
import { enableMonitoring } from '@/lib/discovery/monitoring';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  body: ZEnableMonitoring,
  summary: 'Enable monitoring of a discovered asset',
  description:
    'Needs `discovery:manage`. Creates one TCP network monitor (GET /monitors) per port (default: the asset’s open ports, first 10), checked by the worker every `intervalSeconds` (default 300) and raising alerts of `severity` (default high). For an asset that answered SNMP (`snmp`, default true) an SNMP device (GET /snmp/devices) is created with the credential that answered the scan and the generic interfaces template. Settings not given keep their stored values. Calling it again applies the settings (monitors of dropped ports are deleted). The target follows the monitor rules: on a hosted service only public addresses (400 `INVALID_MONITOR_TARGET`); self-hosted, any LAN address. 400 `INVALID_SNMP_TARGET` likewise for the SNMP device. 422 `NOTHING_TO_MONITOR` when there is no port and no SNMP; 409 `ASSET_IGNORED` for an ignored asset.',
  tags: ['Discovery'],
  response: z.object({ asset: ZAsset, monitoring: ZAssetMonitoring }),
  errors: [422],
  handler: ({ ctx, params, body }) => enableMonitoring(ctx, params.id, body),
});
