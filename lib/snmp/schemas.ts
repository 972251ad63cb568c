// SNMP monitoring (doc 1 "Network discovery and SNMP"): devices polled over v2c or v3 authPriv,
// templates of named OIDs, per-OID values and history, thresholds, the dashboard. Bodies designed
// here (the spec names only the endpoints).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { SEVERITIES } from '@/lib/alerts/schemas';

/** A numeric OID: dotted decimal, at most 128 arcs, the first 0-2. A leading dot is dropped. */
export const OID_PATTERN = /^[0-2](\.(0|[1-9]\d{0,9})){1,127}$/;
export const ZOid = z
  .string()
  .trim()
  .max(255)
  .transform((s) => s.replace(/^\./, ''))
  .pipe(z.string().regex(OID_PATTERN, 'A numeric OID such as 1.3.6.1.2.1.1.3.0'));

export const SNMP_VALUE_TYPES = ['gauge', 'counter', 'string'] as const;
export const ZTemplateOid = z
  .object({
    oid: ZOid,
    name: zText(128, 1),
    unit: zText(32).nullable().default(null),
    type: z.enum(SNMP_VALUE_TYPES).describe('gauge: stored as read; counter: stored as a rate per second (wraps and resets skipped); string: latest only'),
    walk: z.boolean().default(false).describe('A table column: every instance under the OID is polled (at most SNMP_WALK_MAX_ROWS)'),
  })
  .strict()
  .meta({ id: 'SnmpTemplateOid' });
export type TTemplateOid = z.output<typeof ZTemplateOid>;

const ZHost = z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.\-:[\]]+$/, 'A hostname or IP address');
export const AUTH_PROTOCOLS = ['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
export const PRIV_PROTOCOLS = ['des', 'aes', 'aes256b', 'aes256r'] as const;

export const ZV2cCredentials = z.object({ version: z.literal('v2c'), community: z.string().min(1).max(255) }).strict();
export const ZV3Credentials = z
  .object({
    version: z.literal('v3'),
    username: z.string().min(1).max(255),
    authProtocol: z.enum(AUTH_PROTOCOLS).default('sha'),
    authKey: z.string().min(8).max(255).describe('At least 8 characters (RFC 3414)'),
    privProtocol: z.enum(PRIV_PROTOCOLS).default('aes'),
    privKey: z.string().min(8).max(255),
  })
  .strict()
  .describe('v3 user with authentication and privacy (authPriv)');
export const ZSnmpCredentials = z.discriminatedUnion('version', [ZV2cCredentials, ZV3Credentials]);
export type TSnmpCredentials = z.output<typeof ZSnmpCredentials>;

const deviceFields = {
  name: zText(255, 1),
  host: ZHost,
  port: z.number().int().min(1).max(65_535),
  templateId: z.string().uuid().nullable(),
  extraOids: z.array(ZTemplateOid).max(100),
  pollIntervalSeconds: z.number().int().min(30).max(86_400),
  timeoutMs: z.number().int().min(200).max(30_000),
  retries: z.number().int().min(0).max(3),
  enabled: z.boolean(),
  probeDeviceId: z
    .string()
    .uuid()
    .nullable()
    .describe('An enrolled device of the same organization whose agent polls this one (a network the server cannot reach); null: the worker polls from the server'),
};

/** What createSnmpDevice takes (the owner comes separately, already authorized). */
export const ZSnmpDeviceInput = z
  .object({
    ...deviceFields,
    port: deviceFields.port.default(161),
    templateId: deviceFields.templateId.default(null),
    extraOids: deviceFields.extraOids.default([]),
    pollIntervalSeconds: deviceFields.pollIntervalSeconds.default(60),
    timeoutMs: deviceFields.timeoutMs.default(5000),
    retries: deviceFields.retries.default(1),
    enabled: deviceFields.enabled.default(true),
    probeDeviceId: deviceFields.probeDeviceId.default(null),
    credentials: ZSnmpCredentials,
    discoveryAssetId: z.string().uuid().nullable().default(null).describe('The discovered asset the device stands for'),
  })
  .strict();
export type TSnmpDeviceInput = z.input<typeof ZSnmpDeviceInput>;

export const ZCreateSnmpDevice = ZSnmpDeviceInput.extend({
  orgId: z.string().uuid().optional().describe('Required for partner and system callers'),
  siteId: z.string().uuid().nullable().optional(),
});

export const ZUpdateSnmpDevice = z
  .object({ ...deviceFields, credentials: ZSnmpCredentials.describe('Replaces the stored credentials') })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const SNMP_DEVICE_STATUSES = ['up', 'down', 'unknown'] as const;
export const ZSnmpDevice = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    siteId: z.string().uuid().nullable(),
    name: z.string(),
    host: z.string(),
    port: z.number().int(),
    version: z.enum(['v2c', 'v3']),
    credentials: z
      .object({ community: z.literal('********').optional(), username: z.string().optional(), authProtocol: z.string().optional(), privProtocol: z.string().optional() })
      .describe('What the credentials are, never their secrets'),
    templateId: z.string().uuid().nullable(),
    extraOids: z.array(ZTemplateOid),
    pollIntervalSeconds: z.number().int(),
    timeoutMs: z.number().int(),
    retries: z.number().int(),
    enabled: z.boolean(),
    status: z.enum(SNMP_DEVICE_STATUSES),
    consecutiveFailures: z.number().int(),
    lastPolledAt: ZTimestamp.nullable(),
    lastPollMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextPollAt: ZTimestamp,
    sysDescr: z.string().nullable(),
    sysObjectId: z.string().nullable(),
    sysName: z.string().nullable(),
    discoveryAssetId: z.string().uuid().nullable(),
    probeDeviceId: z.string().uuid().nullable().describe('The enrolled device whose agent polls this one; null: polled by the server'),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SnmpDevice' });
export type TSnmpDevice = z.output<typeof ZSnmpDevice>;

const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number() });
export const ZListSnmpDevicesQuery = pageQuery(50, 100).extend({
  orgId: z.string().uuid().optional(),
  status: z.enum(SNMP_DEVICE_STATUSES).optional(),
  search: z.string().trim().max(255).optional().describe('Name or host contains'),
});
export const ZSnmpDevicePage = z.object({ data: z.array(ZSnmpDevice), pagination });

export const ZSnmpTemplate = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    description: z.string().nullable(),
    builtIn: z.boolean(),
    oids: z.array(ZTemplateOid),
    deviceCount: z.number().int(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SnmpTemplate' });
export const ZSnmpTemplatePage = z.object({ data: z.array(ZSnmpTemplate), pagination });
export const ZListSnmpTemplatesQuery = pageQuery(50, 100).extend({ search: z.string().trim().max(255).optional() });
export const ZCreateSnmpTemplate = z
  .object({ name: zText(255, 1), description: zText(2000).nullable().default(null), oids: z.array(ZTemplateOid).min(1).max(200) })
  .strict();
export const ZUpdateSnmpTemplate = z
  .object({ name: zText(255, 1), description: zText(2000).nullable(), oids: z.array(ZTemplateOid).min(1).max(200) })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZSnmpValue = z
  .object({
    oid: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    type: z.enum(SNMP_VALUE_TYPES),
    value: z.number().nullable().describe('Gauge value, or the rate per second of a counter (null on its first poll)'),
    text: z.string().nullable(),
    polledAt: ZTimestamp,
  })
  .meta({ id: 'SnmpValue' });
export const ZPollResult = z
  .object({
    ok: z.boolean(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    values: z.array(ZSnmpValue),
    device: ZSnmpDevice,
    probeCommandId: z
      .string()
      .uuid()
      .nullable()
      .describe('A device polled by a probe agent: the snmp_poll command queued on the probe (the values arrive with its result; `values` is empty). Null for a poll by the server'),
  })
  .meta({ id: 'SnmpPollResult' });
export const ZTestResult = z
  .object({
    ok: z.boolean(),
    durationMs: z.number().int(),
    error: z.string().nullable().describe('Why the agent did not answer: timeout, authentication failure, unknown user…'),
    sysDescr: z.string().nullable(),
    sysObjectId: z.string().nullable(),
    sysName: z.string().nullable(),
    probeCommandId: z
      .string()
      .uuid()
      .nullable()
      .describe('A device polled by a probe agent: the snmp_test command the probe answers (its result also at GET /devices/{probeDeviceId}/commands/{probeCommandId}). Null for a test by the server'),
    pending: z.boolean().describe('The probe agent had not answered within `waitSeconds`: `ok` is false, read the result from the command later'),
  })
  .meta({ id: 'SnmpTestResult' });
export const MAX_PROBE_TEST_WAIT_SECONDS = 30;
export const ZTestSnmpDeviceBody = z
  .object({
    credentials: ZSnmpCredentials.optional().describe('Try these instead of the stored ones (nothing is saved)'),
    waitSeconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_PROBE_TEST_WAIT_SECONDS)
      .default(15)
      .describe('A device polled by a probe agent: how long to wait for the probe’s answer (0: answer the queued command at once). Ignored for a test by the server'),
  })
  .strict();

export const ZSnmpMetrics = z.object({ deviceId: z.string().uuid(), data: z.array(ZSnmpValue) });
export const HISTORY_RANGES = ['1h', '6h', '24h', '7d', '30d', '90d', '1y'] as const;
export const ZHistoryQuery = z.object({
  range: z.enum(HISTORY_RANGES).default('24h'),
  oid: z.string().trim().max(2000).optional().describe('Comma-separated OIDs (default: every numeric OID polled, up to 50)'),
});
export const ZHistoryPoint = z.object({ t: ZTimestamp, avg: z.number(), min: z.number(), max: z.number(), last: z.number(), count: z.number().int() });
export const ZHistorySeries = z.object({ oid: z.string(), name: z.string(), unit: z.string().nullable(), points: z.array(ZHistoryPoint) }).meta({ id: 'SnmpHistorySeries' });
export const ZHistory = z.object({ deviceId: z.string().uuid(), range: z.enum(HISTORY_RANGES), bucketSeconds: z.number().int(), series: z.array(ZHistorySeries) });
export const ZOidMetric = z.object({ deviceId: z.string().uuid(), latest: ZSnmpValue.nullable(), range: z.enum(HISTORY_RANGES), bucketSeconds: z.number().int(), points: z.array(ZHistoryPoint) });
export const ZDeviceIdParams = z.object({ deviceId: z.string().uuid() });
export const ZDeviceOidParams = z.object({ deviceId: z.string().uuid(), oid: ZOid });

export const THRESHOLD_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
export const ZSnmpThreshold = z
  .object({
    id: z.string().uuid(),
    deviceId: z.string().uuid(),
    oid: z.string(),
    name: z.string().nullable(),
    operator: z.enum(THRESHOLD_OPERATORS),
    value: z.number(),
    severity: z.enum(SEVERITIES),
    enabled: z.boolean(),
    state: z.enum(['ok', 'breached', 'unknown']),
    lastValue: z.number().nullable(),
    lastEvaluatedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SnmpThreshold' });
export const ZSnmpThresholdList = z.object({ data: z.array(ZSnmpThreshold) });
export const ZCreateSnmpThreshold = z
  .object({
    deviceId: z.string().uuid(),
    oid: ZOid.describe('The polled OID instance (e.g. 1.3.6.1.2.1.2.2.1.14.2); a counter is compared as its rate per second'),
    name: zText(255).nullable().default(null),
    operator: z.enum(THRESHOLD_OPERATORS),
    value: z.number().finite(),
    severity: z.enum(SEVERITIES).default('medium'),
    enabled: z.boolean().default(true),
  })
  .strict();
export const ZUpdateSnmpThreshold = z
  .object({ name: zText(255).nullable(), operator: z.enum(THRESHOLD_OPERATORS), value: z.number().finite(), severity: z.enum(SEVERITIES), enabled: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZBrowseQuery = z.object({
  oid: ZOid.optional().describe('The node whose children to list (default: the roots)'),
  search: z.string().trim().min(2).max(100).optional().describe('Name or description contains (case-insensitive), across the tree'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const ZMibNode = z
  .object({ oid: z.string(), name: z.string(), module: z.string().nullable(), type: z.string().nullable(), access: z.string().nullable(), description: z.string().nullable(), hasChildren: z.boolean() })
  .meta({ id: 'SnmpMibNode' });
export const ZBrowseResult = z.object({ node: ZMibNode.nullable(), children: z.array(ZMibNode) });
export const ZValidateOidBody = z
  .object({ oid: z.string().max(1000), deviceId: z.string().uuid().optional().describe('Also ask this device for the OID') })
  .strict();
export const ZValidateOidResult = z.object({
  valid: z.boolean(),
  oid: z.string().nullable().describe('The normalised numeric OID'),
  error: z.string().nullable(),
  node: ZMibNode.nullable().describe('The MIB node it names, when known'),
  device: z
    .object({ answered: z.boolean(), type: z.string().nullable(), value: z.string().nullable(), error: z.string().nullable() })
    .nullable(),
});

export const ZSnmpDashboard = z.object({
  devices: z.object({ total: z.number().int(), enabled: z.number().int(), up: z.number().int(), down: z.number().int(), unknown: z.number().int() }),
  down: z.array(ZSnmpDevice).describe('Devices whose last poll failed (up to 20)'),
  topInterfaces: z
    .array(z.object({ deviceId: z.string().uuid(), deviceName: z.string(), ifIndex: z.string(), name: z.string().nullable(), inBps: z.number(), outBps: z.number() }))
    .describe('Interfaces with the most traffic (in + out, bytes per second) at the last poll, up to 10'),
  thresholds: z.object({ total: z.number().int(), breached: z.number().int() }),
  breached: z.array(ZSnmpThreshold).describe('Thresholds breached now (up to 20)'),
  openAlerts: z.number().int(),
});

/** GET /agents/:agentId/snmp/polls/:commandId: what a probe agent polls (lib/snmp/snmp-poll-wire.ts). */
export const ZSnmpPollPlan = z
  .object({
    host: z.string(),
    port: z.number().int(),
    credentials: ZSnmpCredentials,
    timeoutMs: z.number().int(),
    retries: z.number().int(),
    oids: z.array(ZTemplateOid).describe('In order: a reading of the result names its entry by index'),
    wantIdentity: z.boolean().describe('Also read sysDescr, sysObjectID and sysName'),
  })
  .meta({ id: 'SnmpPollPlan' });
