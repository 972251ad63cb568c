// Analytics (doc 1 "Reports, analytics, audit logs"): dashboards of widgets, SLA definitions,
// capacity, the executive summary and the OS distribution. The spec names the endpoints; the
// fields are designed here and published in OpenAPI through these schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { ALERT_SEVERITIES, OS_TYPES, TICKET_PRIORITIES, ZAnalyticsQuery } from '@/lib/analytics/query-schemas';
import { CHART_KINDS, WIDGET_TYPES } from '@/lib/analytics/widget-kinds';

const ZUuid = z.string().uuid();
export const GRID_COLUMNS = 12;
export const MAX_WIDGETS_PER_DASHBOARD = 50;
export const DASHBOARD_VISIBILITIES = ['shared', 'private'] as const;

// ---- dashboards and widgets ----

export const ZDashboardLayout = z
  .object({ columns: z.number().int().min(1).max(24).default(GRID_COLUMNS).describe('Columns of the grid widgets are placed on') })
  .strict()
  .meta({ id: 'DashboardLayout' });

export const ZWidgetPosition = z
  .object({
    x: z.number().int().min(0).max(23).describe('Column of the left edge (0-based)'),
    y: z.number().int().min(0).max(999).describe('Row of the top edge (0-based)'),
    w: z.number().int().min(1).max(24).describe('Width in columns'),
    h: z.number().int().min(1).max(24).describe('Height in rows'),
  })
  .strict()
  .refine((p) => p.x + p.w <= 24, { message: 'x + w exceeds the grid', path: ['w'] })
  .meta({ id: 'WidgetPosition' });

export const ZWidgetOptions = z
  .object({ chart: z.enum(CHART_KINDS).default('bar').describe('Chart widgets: line, bar or doughnut') })
  .strict()
  .meta({ id: 'WidgetOptions' });

export const ZWidget = z
  .object({
    id: ZUuid,
    dashboardId: ZUuid,
    title: z.string(),
    type: z.enum(WIDGET_TYPES),
    query: ZAnalyticsQuery.describe('The stored query; the console runs it through POST /analytics/query'),
    options: ZWidgetOptions,
    position: ZWidgetPosition,
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'AnalyticsWidget' });
export type TWidget = z.infer<typeof ZWidget>;

export const ZCreateWidget = z
  .object({
    title: zText(255, 1),
    type: z.enum(WIDGET_TYPES).describe('chart (options.chart), number (the first row’s value) or table (every row)'),
    query: ZAnalyticsQuery,
    options: ZWidgetOptions.default({ chart: 'bar' }),
    position: ZWidgetPosition.optional().describe('Default: half the grid wide, below the last widget'),
  })
  .strict()
  .meta({ id: 'CreateAnalyticsWidget' });
export type CreateWidgetInput = z.output<typeof ZCreateWidget>;

export const ZUpdateWidget = z
  .object({ title: zText(255, 1), type: z.enum(WIDGET_TYPES), query: ZAnalyticsQuery, options: ZWidgetOptions, position: ZWidgetPosition })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdateAnalyticsWidget' });
export type UpdateWidgetInput = z.output<typeof ZUpdateWidget>;

export const ZDashboard = z
  .object({
    id: ZUuid,
    orgId: ZUuid.nullable().describe('The organization it belongs to; null for a partner-wide dashboard'),
    name: z.string(),
    description: z.string().nullable(),
    visibility: z.enum(DASHBOARD_VISIBILITIES).describe('shared: everyone with analytics:read who sees its organization (partner-wide: the partner’s staff); private: its owner only'),
    layout: ZDashboardLayout,
    ownerId: ZUuid,
    ownerName: z.string().nullable(),
    widgetCount: z.number().int(),
    widgets: z.array(ZWidget).optional().describe('On GET /analytics/dashboards/:id and after changes: the widgets, top to bottom, left to right'),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'AnalyticsDashboard' });
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZCreateDashboard = z
  .object({
    orgId: ZUuid.nullable().optional().describe('Owning organization; omitted or null for a partner-wide dashboard (callers that see every organization)'),
    name: zText(255, 1),
    description: zText(2000).nullable().optional(),
    visibility: z.enum(DASHBOARD_VISIBILITIES).default('shared'),
    layout: ZDashboardLayout.default({ columns: GRID_COLUMNS }),
  })
  .strict()
  .meta({ id: 'CreateAnalyticsDashboard' });
export type CreateDashboardInput = z.output<typeof ZCreateDashboard>;

export const ZUpdateDashboard = z
  .object({ name: zText(255, 1), description: zText(2000).nullable(), visibility: z.enum(DASHBOARD_VISIBILITIES), layout: ZDashboardLayout })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdateAnalyticsDashboard' });
export type UpdateDashboardInput = z.output<typeof ZUpdateDashboard>;

export const ZListDashboardsQuery = pageQuery(50, 100).extend({
  orgId: ZUuid.optional().describe('Dashboards of this organization'),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
  visibility: z.enum(DASHBOARD_VISIBILITIES).optional(),
});
export type ListDashboardsQuery = z.output<typeof ZListDashboardsQuery>;

// ---- SLA definitions and compliance ----

export const SLA_TARGET_KINDS = ['alert', 'ticket'] as const;
const MAX_MINUTES = 525_600; // one year

const slaFields = {
  name: zText(255, 1),
  description: zText(2000).nullable().optional(),
  responseMinutes: z.number().int().min(1).max(MAX_MINUTES).describe('Alerts: minutes to acknowledge; tickets: minutes to first response'),
  resolveMinutes: z.number().int().min(1).max(MAX_MINUTES).describe('Minutes to resolve'),
  severities: z.array(z.enum(ALERT_SEVERITIES)).max(ALERT_SEVERITIES.length).default([]).describe('Alert definitions: the severities covered; empty: all'),
  priorities: z.array(z.enum(TICKET_PRIORITIES)).max(TICKET_PRIORITIES.length).default([]).describe('Ticket definitions: the priorities covered; empty: all'),
};

const checkSla = (v: { targetKind?: string; severities?: string[]; priorities?: string[]; responseMinutes?: number; resolveMinutes?: number }, ctx: z.RefinementCtx) => {
  if (v.targetKind === 'alert' && v.priorities?.length) ctx.addIssue({ code: 'custom', path: ['priorities'], message: 'Priorities apply to ticket definitions' });
  if (v.targetKind === 'ticket' && v.severities?.length) ctx.addIssue({ code: 'custom', path: ['severities'], message: 'Severities apply to alert definitions' });
  if (v.responseMinutes !== undefined && v.resolveMinutes !== undefined && v.resolveMinutes < v.responseMinutes) {
    ctx.addIssue({ code: 'custom', path: ['resolveMinutes'], message: 'resolveMinutes must be at least responseMinutes' });
  }
};

export const ZCreateSla = z
  .object({
    ...slaFields,
    orgId: ZUuid.nullable().optional().describe('The organization it applies to; omitted or null: every organization of the partner (callers that see them all)'),
    targetKind: z.enum(SLA_TARGET_KINDS).describe('alert: acknowledge and resolve times of alerts; ticket: first response and resolution times of tickets'),
  })
  .strict()
  .superRefine(checkSla)
  .meta({ id: 'CreateSlaDefinition' });
export type CreateSlaInput = z.output<typeof ZCreateSla>;

export const ZUpdateSla = z
  .object({ name: slaFields.name, description: zText(2000).nullable(), responseMinutes: slaFields.responseMinutes, resolveMinutes: slaFields.resolveMinutes, severities: slaFields.severities, priorities: slaFields.priorities })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdateSlaDefinition' });
export type UpdateSlaInput = z.output<typeof ZUpdateSla>;

export const ZSla = z
  .object({
    id: ZUuid,
    orgId: ZUuid.nullable().describe('Null: every organization of the partner'),
    name: z.string(),
    description: z.string().nullable(),
    targetKind: z.enum(SLA_TARGET_KINDS),
    responseMinutes: z.number().int(),
    resolveMinutes: z.number().int(),
    severities: z.array(z.enum(ALERT_SEVERITIES)),
    priorities: z.array(z.enum(TICKET_PRIORITIES)),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SlaDefinition' });
export type TSla = z.infer<typeof ZSla>;

export const ZListSlaQuery = pageQuery(50, 100).extend({
  targetKind: z.enum(SLA_TARGET_KINDS).optional(),
  orgId: ZUuid.optional().describe('Definitions of this organization (partner-wide ones are listed too)'),
});
export type ListSlaQuery = z.output<typeof ZListSlaQuery>;

const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

const checkRange = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  const to = v.to ? Date.parse(v.to) : Date.now();
  const from = v.from ? Date.parse(v.from) : to - 30 * DAY_MS;
  if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
  else if (to - from > MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', path: ['from'], message: `The range may span at most ${MAX_RANGE_DAYS} days` });
};

/** `from`/`to` query parameters (default the last 30 days, at most MAX_RANGE_DAYS) and an optional organization. */
const rangeQuery = () =>
  z
    .object({
      from: z.iso.datetime({ offset: true }).optional().describe('Start (inclusive); default 30 days before `to`'),
      to: z.iso.datetime({ offset: true }).optional().describe('End (exclusive); default now'),
      orgId: ZUuid.optional().describe('Only this organization'),
    })
    .superRefine(checkRange);

export function rangeOf(q: { from?: string; to?: string }, now = new Date()): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : now;
  return { from: q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS), to };
}

export const ZSlaComplianceQuery = rangeQuery();
export type SlaComplianceQuery = z.output<typeof ZSlaComplianceQuery>;

const ZSlaCounts = z.object({
  total: z.number().int().describe('Alerts or tickets the definition covers, triggered or created in the range'),
  response: z.object({ met: z.number().int(), breached: z.number().int(), pending: z.number().int(), percent: z.number().nullable() }).describe('Acknowledge (alerts) or first response (tickets)'),
  resolution: z.object({ met: z.number().int(), breached: z.number().int(), pending: z.number().int(), percent: z.number().nullable() }),
});

export const ZSlaCompliance = z
  .object({
    sla: ZSla,
    from: ZTimestamp,
    to: ZTimestamp,
    summary: ZSlaCounts,
    byOrganization: z.array(ZSlaCounts.extend({ orgId: ZUuid, orgName: z.string() })),
    byDay: z.array(ZSlaCounts.extend({ day: z.string().describe('UTC date, YYYY-MM-DD') })).describe('Per UTC day of triggering or creation'),
  })
  .meta({ id: 'SlaCompliance' });
export type TSlaCompliance = z.infer<typeof ZSlaCompliance>;

// ---- capacity ----

export const ZCapacityQuery = z.object({
  days: z.coerce.number().int().min(7).max(90).default(30).describe('Days of history the trend is fitted on (7–90)'),
  orgId: ZUuid.optional(),
  siteId: ZUuid.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('Devices returned, soonest to fill first'),
});
export type CapacityQuery = z.output<typeof ZCapacityQuery>;

const ZResourceTrend = z.object({
  current: z.number().nullable().describe('Latest daily average, percent used'),
  slopePerDay: z.number().nullable().describe('Least-squares slope of the daily averages, percentage points per day; null with fewer than 3 days of data'),
  daysUntilFull: z.number().nullable().describe('Days until 100 % at that slope; null when flat or decreasing'),
  trend: z.array(z.number().nullable()).describe('Daily averages, oldest first, one per day of the range (null: no data that day)'),
});

export const ZCapacity = z
  .object({
    days: z.number().int(),
    from: ZTimestamp,
    to: ZTimestamp,
    devicesConsidered: z.number().int().describe('Devices in scope whose history was read'),
    truncated: z.boolean().describe('True when the scope held more devices than are read per request (see the description)'),
    rows: z.array(
      z.object({
        deviceId: ZUuid,
        hostname: z.string(),
        orgId: ZUuid,
        orgName: z.string(),
        disk: ZResourceTrend,
        memory: ZResourceTrend,
        daysUntilFull: z.number().nullable().describe('The sooner of disk and memory'),
      }),
    ),
  })
  .meta({ id: 'AnalyticsCapacity' });
export type TCapacity = z.infer<typeof ZCapacity>;

// ---- executive summary and OS distribution ----

export const ZExecutiveSummaryQuery = rangeQuery();
export type ExecutiveSummaryQuery = z.output<typeof ZExecutiveSummaryQuery>;

const ZSummaryFigures = z.object({
  devices: z.number().int().describe('Active devices (not decommissioned)'),
  online: z.number().int(),
  onlinePercent: z.number().nullable(),
  alertsBySeverity: z.record(z.enum(ALERT_SEVERITIES), z.number().int()).describe('Alerts triggered in the range'),
  ticketsOpened: z.number().int(),
  ticketsClosed: z.number().int().describe('Tickets resolved or closed in the range'),
  patchCompliancePercent: z.number().nullable().describe('Devices up to date with patches (GET /patches/compliance)'),
  availabilityPercent: z.number().nullable().describe('Mean share of the range each device was heartbeating (metric history); null without history'),
});

export const ZExecutiveSummary = z
  .object({
    from: ZTimestamp,
    to: ZTimestamp,
    totals: ZSummaryFigures,
    availabilityDevicesRead: z.number().int().describe('Devices whose heartbeat history the availability figures are computed from (bounded per request, most recently seen first)'),
    organizations: z.array(ZSummaryFigures.extend({ orgId: ZUuid, orgName: z.string() })),
  })
  .meta({ id: 'ExecutiveSummary' });
export type TExecutiveSummary = z.infer<typeof ZExecutiveSummary>;

export const ZOsDistributionQuery = z.object({ orgId: ZUuid.optional(), siteId: ZUuid.optional() });

export const ZOsDistribution = z
  .object({
    total: z.number().int(),
    byType: z.array(z.object({ osType: z.enum(OS_TYPES).nullable().describe('Null: not reported yet'), count: z.number().int() })),
    byVersion: z.array(z.object({ osType: z.enum(OS_TYPES).nullable(), osVersion: z.string().nullable(), count: z.number().int() })).describe('Most common first, at most 100'),
  })
  .meta({ id: 'OsDistribution' });
export type TOsDistribution = z.infer<typeof ZOsDistribution>;
