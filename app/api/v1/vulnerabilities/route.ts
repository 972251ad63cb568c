// GET /api/v1/vulnerabilities — the By CVE view: findings in scope, one row per CVE.
import { defineRoute } from '@/lib/http/define-route';
import { ZListVulnerabilitiesQuery, ZVulnerabilityList } from '@/lib/vulnerabilities/schemas';
import { listVulnerabilities } from '@/lib/vulnerabilities/list-vulnerabilities';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListVulnerabilitiesQuery,
  summary: 'List vulnerabilities by CVE',
  description: [
    'Open findings (or those of `status`) over the devices in scope, one row per CVE: worst severity, highest CVSS score, affected packages and devices, whether a fix is published and on how many devices a patch scan already found an update of the package (`patchReady`). `knownExploited` and `kev` come from the loaded CISA Known Exploited Vulnerabilities catalog.',
    'Findings come from matching each device’s software inventory against the loaded OSV advisories with the ecosystem’s own version ordering (dpkg for Debian and Ubuntu, apk for Alpine, SemVer for npm); the ecosystem of a device is read from its OS (os-release name and version) and the package manager. They are recomputed when a device’s inventory changes and, for the changed packages only, when a feed changes.',
    'Sorted by `severity` (default), `devices`, `cvss` or `firstSeen`. Page size default 50, max 200.',
  ].join('\n\n'),
  tags: ['Vulnerabilities'],
  response: ZVulnerabilityList,
  handler: ({ ctx, query }) => listVulnerabilities(ctx, query),
});
