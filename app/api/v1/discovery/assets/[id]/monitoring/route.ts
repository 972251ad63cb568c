// /api/v1/discovery/assets/:id/monitoring — read or change how an asset is monitored.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAssetMonitoring, ZPatchMonitoring } from '@/lib/discovery/schemas';
import { getMonitoring, patchMonitoring } from '@/lib/discovery/monitoring';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  params: ZIdParams,
  summary: 'Get the monitoring of a discovered asset',
  description: 'Needs `discovery:read`. Whether monitoring is on, its settings (stored, or the defaults it would use), the monitors it created and the SNMP device, if any.',
  tags: ['Discovery'],
  response: ZAssetMonitoring,
  handler: ({ ctx, params }) => getMonitoring(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  body: ZPatchMonitoring,
  summary: 'Change the monitoring of a discovered asset',
  description: 'Needs `discovery:manage`. Changes the settings given; while monitoring is on (or `enabled: true`) the monitors follow at once: new ports get monitors, dropped ports lose theirs, kept ones take the new interval and severity. `enabled: false` is disable-monitoring. Same errors as enable-monitoring.',
  tags: ['Discovery'],
  response: ZAssetMonitoring,
  errors: [422],
  handler: ({ ctx, params, body }) => patchMonitoring(ctx, params.id, body),
});
