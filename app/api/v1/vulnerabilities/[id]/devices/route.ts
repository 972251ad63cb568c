// GET /api/v1/vulnerabilities/:cveId/devices — the devices a CVE affects. The path segment is
// `[id]` like its siblings (`/:id/accept-risk` takes a finding id): one segment name per level.
import { defineRoute } from '@/lib/http/define-route';
import { ZCveDevices, ZCveDevicesQuery, ZCveParams } from '@/lib/vulnerabilities/schemas';
import { listCveDevices } from '@/lib/vulnerabilities/list-cve-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZCveParams,
  query: ZCveDevicesQuery,
  summary: 'List devices affected by a CVE',
  description:
    'The path parameter is the CVE id (`CVE-2023-4911`; an advisory id for records without a CVE). One row per finding (a CVE can hit two packages of a device), with the installed and fixed versions, the decision (accepted until, mitigation note), the linked ticket and the update a patch scan found that reaches the fixed version. Every status but `resolved` unless `status` says otherwise. 404 when the CVE affects no device in scope. Page size default 50, max 500.',
  tags: ['Vulnerabilities'],
  response: ZCveDevices,
  handler: ({ ctx, params, query }) => listCveDevices(ctx, params.id, query),
});
