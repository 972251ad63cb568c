import { z } from 'zod';
import { ZCursorPageMeta, ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';
import { AGENT_UPDATE_STATES, OS_TYPES } from '@/lib/agents/schemas';
import { SEVERITIES } from '@/lib/alerts/schemas';

export const DEVICE_STATUSES = ['pending', 'online', 'offline', 'uninstalled', 'decommissioned'] as const;
export const DEVICE_SORTS = ['hostname', 'lastSeen', 'enrolled'] as const;

/** Comma-separated or repeated query values (orgIds=a,b or orgIds=a&orgIds=b). */
const splitIds = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));
const idList = splitIds.pipe(z.array(z.string().uuid()).max(500)).optional();

const boolQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const ZListDevicesQuery = z.object({
  cursor: z.string().max(2000).optional().describe('Selects cursor mode (answered as a DeviceCursorPage): send an empty cursor for the first page, then each nextCursor. Without it the legacy page mode answers (a DevicePage)'),
  page: z.coerce.number().int().min(1).default(1).describe('Page mode only (no `cursor`): the 1-based page, answered as a DevicePage'),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  sort: z.enum(DEVICE_SORTS).default('hostname'),
  sortDir: z.enum(['asc', 'desc']).optional().describe('Default: asc for hostname, desc for lastSeen and enrolled'),
  orgId: z.string().uuid().optional().describe('Single-organization filter'),
  orgIds: idList,
  siteIds: idList,
  groupIds: idList,
  status: z.enum(DEVICE_STATUSES).optional(),
  osType: z.enum(OS_TYPES).optional(),
  tag: zText(100, 1).optional(),
  search: zText(255, 1).optional().describe('Hostname or display name contains (case-insensitive)'),
  filterId: z.string().uuid().optional().describe('A saved filter (GET /filters) the caller sees, applied with the other filters; 404 otherwise'),
  includeDecommissioned: boolQuery,
  includeTotal: boolQuery.describe('Cursor mode: also count every match (page mode always does)'),
});
export type ListDevicesQuery = z.output<typeof ZListDevicesQuery>;

export const ZDevice = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  agentId: z.string().uuid().nullable(),
  hostname: z.string(),
  displayName: z.string().nullable(),
  osType: z.enum(OS_TYPES).nullable(),
  osVersion: z.string().nullable(),
  architecture: z.string().nullable(),
  agentVersion: z.string().nullable(),
  agentUpdate: z
    .object({
      state: z.enum(AGENT_UPDATE_STATES),
      version: z.string(),
      error: z.string().nullable(),
      at: ZTimestamp,
    })
    .nullable()
    .describe('The agent’s last reported self-update (docs/AGENT-UPDATES.md); null when it never reported one'),
  status: z.enum(DEVICE_STATUSES),
  tags: z.array(z.string()),
  lastSeenAt: ZTimestamp.nullable(),
  cpuPercent: z.number().nullable(),
  memoryPercent: z.number().nullable(),
  diskPercent: z.number().nullable(),
  uptimeSeconds: z.number().nullable(),
  lastUser: z.string().nullable(),
  metrics: z.record(z.string(), z.unknown()).nullable(),
  hardware: z.record(z.string(), z.unknown()).nullable(),
  mainAgentSilentSince: z.string().nullable().describe('Set while the watchdog still reports but the main agent has gone silent'),
  watchdogStatus: z.enum(['connected', 'failover', 'offline']).nullable().describe('Null when no watchdog has ever reported'),
  enrolledAt: ZTimestamp.nullable(),
  decommissionedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Device' });
export type TDevice = z.infer<typeof ZDevice>;

export const ZDeviceInventory = z.object({
  deviceId: z.string().uuid(),
  collectedAt: ZTimestamp.nullable().describe('Null until the agent has reported an inventory'),
  receivedAt: ZTimestamp.nullable(),
  hardware: z.record(z.string(), z.unknown()),
  os: z.record(z.string(), z.unknown()),
  disks: z.array(z.record(z.string(), z.unknown())),
  network: z.array(z.record(z.string(), z.unknown())),
  software: z.array(z.object({ name: z.string(), version: z.string().nullable(), publisher: z.string().nullable(), source: z.string().nullable(), installedAt: ZTimestamp.nullable() })),
}).meta({ id: 'DeviceInventory' });

export const ZDeviceCursorPage = z
  .object({
    devices: z.array(ZDevice),
    nextCursor: z.string().nullable().describe('Pass back as `cursor` for the next page; null on the last page'),
    limit: z.number().int(),
    total: z.number().int().optional().describe('Every match; only with `includeTotal=true`'),
  })
  .meta({ id: 'DeviceCursorPage', description: 'Cursor mode: the answer when the request has a `cursor` parameter (empty for the first page)' });

export const ZDevicePage = ZPageOf(ZDevice).meta({ id: 'DevicePage', description: 'Page mode: the answer when the request has no `cursor` parameter' });

/**
 * GET /devices answers one of two shapes, which the request chooses with `cursor` and a client
 * tells apart by their required properties: `data` + `pagination` (page mode) or `devices` +
 * `nextCursor` (cursor mode).
 */
export const ZDeviceList = z.xor([ZDevicePage, ZDeviceCursorPage]);

const tagText = zText(100, 1).refine((t) => !t.includes(','), 'Tags cannot contain commas');

export const ZUpdateDevice = z
  .object({
    displayName: zText(255, 1).nullable(),
    tags: z.array(tagText).max(100).transform((t) => [...new Set(t)]),
    siteId: z.string().uuid().nullable().describe('Another site of the same organization'),
  })
  .partial()
  .strict();

export const ZProvisionDevice = z
  .object({
    hostname: zText(255, 1),
    displayName: zText(255, 1).optional(),
    orgId: z.string().uuid().optional().describe('Optional for a partner with exactly one organization'),
    siteId: z.string().uuid().optional(),
    osType: z.enum(OS_TYPES).optional(),
    tags: z.array(tagText).max(100).default([]),
    ttlMinutes: z.number().int().min(1).max(525_600).optional().describe('Lifetime of the single-use enrollment key (default ENROLLMENT_KEY_DEFAULT_TTL_MINUTES)'),
    issueEnrollmentSecret: z.boolean().default(false),
  })
  .strict();

export const ZProvisionResponse = z.object({
  device: ZDevice,
  enrollment: z.object({
    deviceId: z.string().uuid(),
    enrollmentKeyId: z.string().uuid(),
    enrollmentKey: z.string().describe('Single-use key bound to this device; shown once'),
    enrollmentSecret: z.string().optional().describe('Per-key secret when issued; shown once'),
    enrollmentSecretRequired: z.boolean().describe('True when the agent must also pass a secret (per-key or the global AGENT_ENROLLMENT_SECRET)'),
    expiresAt: ZTimestamp,
    serverUrl: z.string(),
    installCommand: z.string().describe('Linux/macOS one-liner (run as root)'),
  }),
}).meta({ id: 'ProvisionedDevice' });

export const ZMoveDeviceOrg = z.object({ orgId: z.string().uuid(), siteId: z.string().uuid().optional() }).strict();

export const ZDeviceIdParams = z.object({ id: z.string().uuid() });
export const ZDeviceCommandParams = z.object({ id: z.string().uuid(), commandId: z.string().uuid() });

// Metric history: 5-minute buckets, hourly and daily rollups (lib/metric-history), read at 5m,
// 1h or 1d resolution. The range limits depend on the retention settings and are checked by
// getDeviceMetrics (resolveMetricInterval).
export const METRIC_INTERVALS = ['5m', '1h', '1d'] as const;
export type MetricInterval = (typeof METRIC_INTERVALS)[number];
/** The longest range read at 5-minute resolution (8,928 points). */
export const METRIC_5M_RANGE_MAX_DAYS = 31;
const HOUR_MS = 3_600_000;

/** The interval a range gets when none is asked for: at most a few hundred points. */
export function defaultMetricInterval(rangeMs: number): MetricInterval {
  return rangeMs <= 24 * HOUR_MS ? '5m' : rangeMs <= 7 * 24 * HOUR_MS ? '1h' : '1d';
}

export const ZDeviceMetricsQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional().describe('Start of the range (inclusive). Default: 24 hours before `to`'),
    to: z.iso.datetime({ offset: true }).optional().describe('End of the range (exclusive). Default: now'),
    interval: z
      .enum(METRIC_INTERVALS)
      .optional()
      .describe('Width of each point. Default by range: up to 24 h `5m`, up to 7 days `1h`, longer `1d`, each made coarser when its tier no longer holds `from`'),
  })
  .transform((q, ctx) => {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 24 * HOUR_MS);
    if (from.getTime() >= to.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be before to' });
      return z.NEVER;
    }
    return { from, to, interval: q.interval };
  });

const ZMetricStat = z.object({
  avg: z.number().nullable().describe('Mean of the samples that reported this metric; null when none did'),
  min: z.number().nullable().describe('Lowest sample (null when none did, or for history stored before minima were kept)'),
  max: z.number().nullable(),
});

export const ZDeviceMetricPoint = z.object({
  at: z.string().describe('Start of the interval (UTC; 1d points are UTC days)'),
  cpu: ZMetricStat,
  memory: ZMetricStat,
  disk: ZMetricStat,
  samples: z.number().int().describe('Heartbeats in the interval'),
  availabilityPercent: z.number().describe('Share of the interval’s 5-minute buckets with at least one heartbeat, 0–100'),
});

export const ZDeviceMetrics = z.object({
  data: z.object({
    deviceId: z.string().uuid(),
    interval: z.enum(METRIC_INTERVALS),
    from: z.string(),
    to: z.string(),
    points: z.array(ZDeviceMetricPoint).describe('Intervals with at least one heartbeat, oldest first; intervals without any are absent'),
  }),
});

// The device's activity timeline: commands, script runs, alert raises/acknowledgements/resolves,
// audited changes and presence events, newest first.
export const DEVICE_ACTIVITY_KINDS = ['command', 'script', 'alert', 'change', 'presence'] as const;
export type DeviceActivityKind = (typeof DEVICE_ACTIVITY_KINDS)[number];

export const ZDeviceActivityQuery = z.object({
  cursor: z.string().max(2000).optional().describe('The previous page’s nextCursor; omit for the newest entries'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  kinds: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(DEVICE_ACTIVITY_KINDS)).max(DEVICE_ACTIVITY_KINDS.length))
    .optional()
    .describe('Comma-separated kinds to include (default: all)'),
});

export const ZDeviceActivityEntry = z.object({
  id: z.string().describe('Stable key of the entry (`<source>:<id>[:<phase>]`)'),
  at: z.string(),
  kind: z.enum(DEVICE_ACTIVITY_KINDS),
  action: z.string().describe('`command.<type>`, `script.run`, `alert.raised|acknowledged|resolved`, an audit action such as `device.update`, or `device.online|offline|enrolled`'),
  title: z.string().describe('Command type, script name, alert title or audit action'),
  status: z.string().nullable().describe('Current status of the command, script run or alert; the audit result for changes'),
  actor: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }).nullable(),
  ref: z.object({ type: z.enum(['command', 'scriptExecution', 'alert', 'auditLog', 'event']), id: z.string() }),
  details: z.record(z.string(), z.unknown()),
}).meta({ id: 'DeviceActivityEntry' });
export type TDeviceActivityEntry = z.infer<typeof ZDeviceActivityEntry>;

export const ZDeviceActivityPage = z.object({
  data: z.array(ZDeviceActivityEntry),
  pagination: ZCursorPageMeta,
});

// What a device list row shows beyond the device itself, read for one page's ids at a time so
// the cursor page (devices.list_json, no joins) stays the hot path it is.
export const ZDeviceListExtrasQuery = z.object({
  deviceIds: splitIds.pipe(z.array(z.string().uuid()).min(1).max(500)).describe('The ids of the devices on screen (1 to 500, comma-separated or repeated)'),
});
export const ZDeviceListExtra = z.object({
  deviceId: z.string().uuid(),
  siteName: z.string().nullable(),
  openAlertCount: z.number().int().nullable().describe('Active, acknowledged and suppressed alerts; null without alerts:read'),
  highestSeverity: z.enum(SEVERITIES).nullable().describe('Of the open alerts; null when none (or without alerts:read)'),
  missingPatchCount: z.number().int().nullable().describe('Updates found by patch scans and not installed (available or failed); null without patches:read'),
  missingCriticalPatchCount: z.number().int().nullable().describe('Of those, critical or important ones; null without patches:read'),
});
export const ZDeviceListExtras = z.object({ data: z.array(ZDeviceListExtra) });
export type TDeviceListExtras = z.infer<typeof ZDeviceListExtras>;
