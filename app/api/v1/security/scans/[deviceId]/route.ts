// GET /api/v1/security/scans/:deviceId — the device's threat scans, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZPageQuery, ZScanList } from '@/lib/security/posture-schemas';
import { listScans } from '@/lib/security/threats';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  query: ZPageQuery,
  summary: 'List a device’s threat scans',
  description: 'Needs `devices:read`. Scans newest first: `queued` until the agent answers, then `completed` (engine, files scanned, threats found) or `failed` (`error` says why, e.g. ClamAV missing).',
  tags: ['Security'],
  response: ZScanList,
  handler: ({ ctx, params, query }) => listScans(ctx, params.deviceId, query),
});
