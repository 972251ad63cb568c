// GET /api/v1/vulnerabilities/software — findings grouped by remediation unit.
import { defineRoute } from '@/lib/http/define-route';
import { ZListSoftwareGroupsQuery, ZSoftwareGroupList } from '@/lib/vulnerabilities/schemas';
import { listSoftwareGroups } from '@/lib/vulnerabilities/list-software-groups';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListSoftwareGroupsQuery,
  summary: 'List vulnerable software',
  description:
    'Findings grouped by remediation unit: the package (in its ecosystem, e.g. `debian:12:openssl`) whose upgrade fixes them, worst severity first, with its CVE and device counts and `fixedVersion`, the version that clears every CVE of the group (null when one has no published fix). Page size default 50, max 200.',
  tags: ['Vulnerabilities'],
  response: ZSoftwareGroupList,
  handler: ({ ctx, query }) => listSoftwareGroups(ctx, query),
});
