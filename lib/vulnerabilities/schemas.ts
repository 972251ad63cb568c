// Vulnerabilities (doc 1 "Vulnerabilities"). The spec names the endpoints and the permissions of
// the actions; the rows, filters and action bodies are designed here and published in OpenAPI
// through these schemas.
import { z } from 'zod';
import { pageQuery } from '@/lib/http/pagination';
import { ZPageMeta, ZTimestamp } from '@/lib/http/common-schemas';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const;
export const FINDING_STATUSES = ['open', 'accepted', 'mitigated', 'resolved'] as const;
export const FEED_KINDS = ['osv', 'kev'] as const;
/** Acceptances end at most a year ahead; "expiring soon" is within this many days. */
export const MAX_ACCEPT_DAYS = 365;
export const EXPIRING_SOON_DAYS = 7;
export const MAX_BULK_FINDINGS = 5000;

const ZUuid = z.string().uuid();
const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
export const ZCveId = z.string().trim().min(1).max(128).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'A CVE or advisory id');
/** `<ecosystem>:<package>`: `debian:12:openssl`, `alpine:v3.18:openssl`, `npm:lodash` (percent-encode it in a path). */
export const ZGroupKey = z.string().min(3).max(400).regex(/^(npm|(debian|ubuntu|alpine):[A-Za-z0-9.]+):[^\s:]+$/, 'A remediation group key: <ecosystem>:<package>');

export const ZKev = z
  .object({ dateAdded: z.string().nullable(), dueDate: z.string().nullable(), knownRansomware: z.boolean(), vendorProject: z.string().nullable(), product: z.string().nullable() })
  .meta({ id: 'KnownExploited', description: 'The CISA Known Exploited Vulnerabilities entry of the CVE' });

// --- GET /vulnerabilities -----------------------------------------------------------------

export const ZListVulnerabilitiesQuery = pageQuery(50, 200).extend({
  orgId: ZUuid.optional(),
  status: z.enum(FINDING_STATUSES).default('open').describe('Findings counted (default open)'),
  severity: z.enum(SEVERITIES).optional(),
  knownExploited: queryBool.optional().describe('Only CVEs in (true) or not in (false) the known-exploited catalog'),
  search: z.string().trim().max(200).optional().describe('CVE id or package name contains'),
  sort: z.enum(['severity', 'devices', 'cvss', 'firstSeen']).default('severity'),
});
export type ListVulnerabilitiesQuery = z.output<typeof ZListVulnerabilitiesQuery>;

export const ZVulnerability = z
  .object({
    cveId: z.string(),
    severity: z.enum(SEVERITIES),
    cvssScore: z.number().nullable(),
    summary: z.string().nullable(),
    knownExploited: z.boolean(),
    kev: ZKev.nullable(),
    packages: z.array(z.string()).describe('Affected package names'),
    affectedDevices: z.number().int(),
    fixAvailable: z.boolean().describe('A fixed version is published for at least one affected device'),
    patchReady: z.number().int().describe('Affected devices on which a scan found an update of the package'),
    firstSeenAt: ZTimestamp,
  })
  .meta({ id: 'Vulnerability' });
export const ZVulnerabilityList = z.object({ data: z.array(ZVulnerability), pagination: ZPageMeta });

// --- /vulnerabilities/software ------------------------------------------------------------

export const ZListSoftwareGroupsQuery = pageQuery(50, 200).extend({
  orgId: ZUuid.optional(),
  status: z.enum(FINDING_STATUSES).default('open'),
  search: z.string().trim().max(200).optional().describe('Package name contains'),
});
export type ListSoftwareGroupsQuery = z.output<typeof ZListSoftwareGroupsQuery>;

export const ZSoftwareGroup = z
  .object({
    groupKey: z.string().describe('`<ecosystem>:<package>`; percent-encode it in `/vulnerabilities/software/:groupKey`'),
    ecosystem: z.string(),
    packageName: z.string(),
    sourcePackage: z.string().nullable().describe('The source package the advisories name for this package (openssl for libssl3), when it was matched under one'),
    fixedVersion: z.string().nullable().describe('The version that fixes every CVE of the group on every device (the highest fix); null when one has no fix'),
    cveCount: z.number().int(),
    affectedDevices: z.number().int(),
    worstSeverity: z.enum(SEVERITIES),
    knownExploited: z.boolean(),
    patchReady: z.number().int(),
  })
  .meta({ id: 'VulnerableSoftwareGroup' });
export const ZSoftwareGroupList = z.object({ data: z.array(ZSoftwareGroup), pagination: ZPageMeta });

export const ZGroupParams = z.object({ groupKey: ZGroupKey });

export const ZFinding = z
  .object({
    id: ZUuid,
    deviceId: ZUuid,
    hostname: z.string().nullable(),
    orgId: ZUuid,
    cveId: z.string(),
    ecosystem: z.string(),
    packageName: z.string(),
    installedVersion: z.string(),
    sourcePackage: z.string().nullable().describe('The source package the advisories name, when the installed package was matched under it (openssl for libssl3: dpkg source, apk origin, source RPM); null when matched under its own name'),
    sourceVersion: z.string().nullable().describe('The installed version of the source package the match compared (a binNMU binary 5.2.15-2+b8 is source 5.2.15-2); null with sourcePackage'),
    fixedVersion: z.string().nullable().describe('The lowest version fixing it; of the source package when sourcePackage is set'),
    advisoryIds: z.array(z.string()),
    severity: z.enum(SEVERITIES),
    cvssScore: z.number().nullable(),
    knownExploited: z.boolean(),
    status: z.enum(FINDING_STATUSES),
    acceptedReason: z.string().nullable(),
    acceptedUntil: ZTimestamp.nullable(),
    mitigationNote: z.string().nullable(),
    ticketId: ZUuid.nullable(),
    patch: z.object({ patchId: ZUuid, version: z.string(), status: z.string() }).nullable().describe('The update a scan found for the package on the device, when it reaches the fixed version'),
    firstSeenAt: ZTimestamp,
    resolvedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'VulnerabilityFinding' });

export const ZSoftwareGroupDetail = z.object({ group: ZSoftwareGroup, findings: z.array(ZFinding) });

// --- GET /vulnerabilities/:cveId/devices ----------------------------------------------------

export const ZCveParams = z.object({ id: ZCveId.describe('The CVE id (CVE-2023-4911) or, for records without one, the advisory id') });
export const ZCveDevicesQuery = pageQuery(50, 500).extend({
  orgId: ZUuid.optional(),
  status: z.enum(FINDING_STATUSES).optional().describe('Default: every status but resolved'),
});
export const ZCveDevices = z.object({ cveId: z.string(), kev: ZKev.nullable(), data: z.array(ZFinding), pagination: ZPageMeta });

// --- GET /vulnerabilities/stats ------------------------------------------------------------

export const ZStatsQuery = z.object({ orgId: ZUuid.optional() });
export const ZVulnerabilityStats = z
  .object({
    criticalOpen: z.number().int().describe('Open critical CVEs (distinct)'),
    criticalOpenFindings: z.number().int(),
    knownExploitedExposure: z.object({ cves: z.number().int(), devices: z.number().int() }).describe('Open CVEs in the known-exploited catalog and the devices exposed to them'),
    patchReady: z.number().int().describe('Open findings whose package has an update found by a scan'),
    acceptedExpiringSoon: z.number().int().describe(`Accepted findings whose acceptance ends within ${EXPIRING_SOON_DAYS} days`),
    open: z.number().int(),
    affectedDevices: z.number().int(),
    bySeverity: z.record(z.enum(SEVERITIES), z.number().int()),
  })
  .meta({ id: 'VulnerabilityStats' });

// --- actions --------------------------------------------------------------------------------

const futureDate = z
  .string()
  .datetime({ offset: true })
  .refine((s) => Date.parse(s) > Date.now(), 'Must be in the future')
  .refine((s) => Date.parse(s) <= Date.now() + MAX_ACCEPT_DAYS * 86_400_000, `At most ${MAX_ACCEPT_DAYS} days ahead`);
const reason = z.string().trim().min(1).max(2000);

export const ZFindingParams = z.object({ id: ZUuid.describe('The finding id') });
export const ZAcceptRiskBody = z.object({ reason, expiresAt: futureDate.describe('When the acceptance ends and the finding reopens by itself') }).strict();
export const ZMitigateBody = z.object({ note: reason.describe('What was done instead of patching (firewall rule, service disabled…)') }).strict();

/** A selection of findings: explicit ids, a CVE, or a remediation group, narrowed by organization and devices. */
const selection = {
  findingIds: z.array(ZUuid).min(1).max(MAX_BULK_FINDINGS).optional(),
  cveId: ZCveId.optional(),
  groupKey: ZGroupKey.optional(),
  orgId: ZUuid.optional(),
  deviceIds: z.array(ZUuid).min(1).max(MAX_BULK_FINDINGS).optional(),
};
const oneSelector = (b: { findingIds?: unknown; cveId?: unknown; groupKey?: unknown }) => [b.findingIds, b.cveId, b.groupKey].filter((x) => x !== undefined).length === 1;
const selectorMessage = { message: 'Give exactly one of findingIds, cveId or groupKey' };
export type FindingSelection = { findingIds?: string[]; cveId?: string; groupKey?: string; orgId?: string; deviceIds?: string[] };

export const ZBulkAcceptRiskBody = z.object({ ...selection, reason, expiresAt: futureDate }).strict().refine(oneSelector, selectorMessage);
export const ZBulkMitigateBody = z.object({ ...selection, note: reason }).strict().refine(oneSelector, selectorMessage);
export const ZBulkResult = z.object({ updated: z.number().int(), findingIds: z.array(ZUuid) });

export const ZRemediateBody = z
  .object({
    ...selection,
    schedule: z.enum(['now', 'next_window']).default('now'),
    rebootBehavior: z.enum(['never', 'if_required', 'always']).default('never'),
  })
  .strict()
  .refine(oneSelector, selectorMessage);
export const ZRemediateResult = z.object({
  approvedPatches: z.array(z.object({ patchId: ZUuid, orgId: ZUuid, name: z.string(), version: z.string() })),
  jobs: z.array(z.object({ id: ZUuid, deviceId: ZUuid, status: z.string(), patchIds: z.array(ZUuid) })),
  skipped: z.array(z.object({ deviceId: ZUuid, reason: z.string() })),
});

export const ZTicketsBody = z
  .object({ ...selection, priority: z.enum(['p1', 'p2', 'p3', 'p4']).optional().describe('Default from the worst severity: critical p1, high p2, medium p3, else p4') })
  .strict()
  .refine(oneSelector, selectorMessage);
export const ZTicketsResult = z.object({ tickets: z.array(z.object({ ticketId: ZUuid, number: z.number().int(), orgId: ZUuid, findings: z.number().int() })) });

// --- feeds ----------------------------------------------------------------------------------

export const ZFeed = z
  .object({
    id: ZUuid,
    kind: z.enum(FEED_KINDS),
    name: z.string(),
    url: z.string().nullable(),
    refreshHours: z.number().int().nullable(),
    entries: z.number().int(),
    lastLoadedAt: ZTimestamp.nullable(),
    lastFetchedAt: ZTimestamp.nullable(),
    lastError: z.string().nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'VulnerabilityFeed' });
export const ZFeedList = z.object({ data: z.array(ZFeed) });
export const ZCreateFeedBody = z
  .object({
    kind: z.enum(FEED_KINDS),
    name: z.string().trim().min(1).max(255),
    url: z.string().trim().url().max(2000).optional().describe('Fetched by the worker every refreshHours (default 24) under the outbound URL-safety rules'),
    refreshHours: z.number().int().min(1).max(24 * 30).optional(),
  })
  .strict();
export const ZFeedParams = z.object({ id: ZUuid });
export const ZFeedLoad = z.object({
  feed: ZFeed,
  changed: z.boolean().describe('False when the document is the one already loaded'),
  records: z.number().int(),
  invalid: z.number().int().describe('Records skipped as malformed'),
  entries: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  packagesQueued: z.number().int().describe('Package names whose findings are recomputed'),
});
