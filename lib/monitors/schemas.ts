// Network monitors (doc 1 "Monitors"): unprivileged checks run by the worker — HTTP(S) status,
// keyword and latency, TCP port, DNS resolution, TLS certificate expiry. Bodies designed here.
import { z } from 'zod';
import { zJsonObject, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { SEVERITIES } from '@/lib/alerts/schemas';

export const MONITOR_KINDS = ['http', 'tcp', 'dns', 'tls'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

const ZHost = z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.\-:[\]]+$/, 'A hostname or IP address');
const ZPort = z.number().int().min(1).max(65_535);

export const ZHttpConfig = z
  .object({
    url: z.string().trim().url().max(2048),
    method: z.enum(['GET', 'HEAD']).default('GET'),
    expectedStatusCodes: z.array(z.number().int().min(100).max(599)).max(20).default([]).describe('Empty: any 2xx or 3xx (redirects are not followed)'),
    keyword: z.string().min(1).max(500).optional().describe('The body (first 1 MiB) must contain it'),
    maxLatencyMs: z.number().int().min(1).max(120_000).optional().describe('Slower answers count as down'),
  })
  .strict();
export const ZTcpConfig = z.object({ host: ZHost, port: ZPort }).strict();
export const ZDnsConfig = z
  .object({
    hostname: ZHost,
    recordType: z.enum(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS']).default('A'),
    expected: z.string().min(1).max(500).optional().describe('One answer must equal (A/AAAA) or contain (others) this value'),
  })
  .strict();
export const ZTlsConfig = z
  .object({ host: ZHost, port: ZPort.default(443), minDaysValid: z.number().int().min(0).max(3650).default(14).describe('Down when the certificate expires sooner'), servername: ZHost.optional() })
  .strict();

export const MONITOR_CONFIGS = { http: ZHttpConfig, tcp: ZTcpConfig, dns: ZDnsConfig, tls: ZTlsConfig } as const;

const common = {
  name: zText(255, 1),
  intervalSeconds: z.number().int().min(1).max(86_400).describe('At least MONITOR_MIN_INTERVAL_SECONDS (default 30)'),
  timeoutMs: z.number().int().min(100).max(60_000),
  enabled: z.boolean(),
  severity: z.enum(SEVERITIES).describe('Severity of the alert a failing monitor raises'),
  failureThreshold: z.number().int().min(1).max(20).describe('Consecutive failed checks that raise the alert'),
};

const createBase = {
  ...common,
  intervalSeconds: common.intervalSeconds.default(300),
  timeoutMs: common.timeoutMs.default(10_000),
  enabled: common.enabled.default(true),
  severity: common.severity.default('high'),
  failureThreshold: common.failureThreshold.default(1),
  orgId: z.string().uuid().optional().describe('Required for partner and system callers'),
};

export const ZCreateMonitor = z.discriminatedUnion('kind', [
  z.object({ ...createBase, kind: z.literal('http'), config: ZHttpConfig }).strict(),
  z.object({ ...createBase, kind: z.literal('tcp'), config: ZTcpConfig }).strict(),
  z.object({ ...createBase, kind: z.literal('dns'), config: ZDnsConfig }).strict(),
  z.object({ ...createBase, kind: z.literal('tls'), config: ZTlsConfig }).strict(),
]);

export const ZUpdateMonitor = z
  .object({ ...common, config: zJsonObject().describe('The whole configuration of the monitor kind') })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZMonitor = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid(),
  name: z.string(),
  kind: z.enum(MONITOR_KINDS),
  config: z.record(z.string(), z.unknown()),
  intervalSeconds: z.number().int(),
  timeoutMs: z.number().int(),
  enabled: z.boolean(),
  severity: z.enum(SEVERITIES),
  failureThreshold: z.number().int(),
  status: z.enum(['up', 'down', 'unknown']),
  consecutiveFailures: z.number().int(),
  lastCheckedAt: ZTimestamp.nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastMessage: z.string().nullable(),
  nextCheckAt: ZTimestamp,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Monitor' });

export const ZCheckResult = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().int().nullable(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  checkedAt: ZTimestamp,
}).meta({ id: 'MonitorCheckResult' });

export const ZMonitorResult = ZCheckResult.extend({ id: z.string().uuid(), monitorId: z.string().uuid() }).meta({ id: 'MonitorResult' });

export const ZListMonitorsQuery = pageQuery(50, 100).extend({
  orgId: z.string().uuid().optional(),
  kind: z.enum(MONITOR_KINDS).optional(),
  status: z.enum(['up', 'down', 'unknown']).optional(),
});
const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number() });
export const ZMonitorPage = z.object({ data: z.array(ZMonitor), pagination });
export const ZResultPage = z.object({ data: z.array(ZMonitorResult), pagination });
export const ZResultsQuery = pageQuery(50, 500).extend({ status: z.enum(['up', 'down']).optional() });

export const ZDashboard = z.object({
  total: z.number().int(),
  enabled: z.number().int(),
  byStatus: z.object({ up: z.number().int(), down: z.number().int(), unknown: z.number().int() }),
  byKind: z.record(z.enum(MONITOR_KINDS), z.number().int()),
  openAlerts: z.number().int(),
  averageLatencyMs: z.number().nullable().describe('Mean of the latest latency of monitors that are up'),
  down: z.array(ZMonitor).describe('Monitors currently down (up to 20)'),
});

export const ZCheckNowResult = z.object({ monitor: ZMonitor, result: ZCheckResult });

export const ZMonitorAlertsQuery = pageQuery(50, 100).extend({
  status: z.string().optional().describe('One or more alert statuses, comma separated (dismissed only when asked)'),
  orgId: z.string().uuid().optional(),
});

export const MONITOR_ALERT_STATUSES = ['acknowledged', 'resolved', 'suppressed', 'dismissed'] as const;
export const ZPatchMonitorAlert = z
  .object({
    status: z.enum(MONITOR_ALERT_STATUSES).describe('Target status: moves through the alert state machine (acknowledge, resolve, suppress, dismiss) with its 409s'),
    note: zText(2000).optional(),
  })
  .strict();
