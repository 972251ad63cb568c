// Reports (doc 1 "Reports, analytics, audit logs"): saved definitions with an optional schedule
// and email recipients, their runs, and the report data read as JSON. The spec names the
// endpoints, `schedule` (daily, weekly, monthly), `config.schedule` (time, day, date) and
// `config.emailRecipients` (up to 50); the rest is designed here and published through these
// schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { ZTimeZone } from '@/lib/tenancy/timezone';

export const REPORT_TYPES = ['device_inventory', 'software_inventory', 'alerts_summary', 'patch_compliance', 'metrics', 'tickets_sla', 'executive_summary'] as const;
export const REPORT_FORMATS = ['pdf', 'csv', 'excel'] as const;
export const REPORT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export const REPORT_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const REPORT_RUN_TRIGGERS = ['manual', 'schedule', 'ad_hoc'] as const;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type ReportTypeName = (typeof REPORT_TYPES)[number];
export type ReportFormatName = (typeof REPORT_FORMATS)[number];

export const MAX_EMAIL_RECIPIENTS = 50;
export const MAX_RANGE_DAYS = 366;

const ZUuid = z.string().uuid();

export const ZReportFilters = z
  .object({
    orgIds: z.array(ZUuid).max(100).default([]).describe('Only these organizations (each must be in the report’s scope); empty: every organization of the scope'),
    siteIds: z.array(ZUuid).max(100).default([]).describe('Only devices (and their alerts and tickets) of these sites; empty: every site'),
    rangeDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_RANGE_DAYS)
      .default(30)
      .describe('The period a run covers: the rangeDays days before it is generated (alerts triggered, tickets opened and metrics in it; inventories list what exists at its end)'),
  })
  .strict()
  .meta({ id: 'ReportFilters' });
export type ReportFilters = z.output<typeof ZReportFilters>;
export const EMPTY_FILTERS: ReportFilters = { orgIds: [], siteIds: [], rangeDays: 30 };

const ZTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A 24-hour time HH:MM such as 07:30')
  .describe('Local time of day HH:MM (24-hour) the run is due');

export const ZScheduleConfig = z
  .object({
    time: ZTime.default('08:00'),
    day: z
      .union([z.enum(WEEKDAYS), z.number().int().min(0).max(6)])
      .transform((d) => (typeof d === 'number' ? WEEKDAYS[d] : d))
      .optional()
      .describe('Weekly reports: the weekday (`monday` … `sunday`, or 0 = Sunday … 6 = Saturday); required for `weekly`'),
    date: z.number().int().min(1).max(31).optional().describe('Monthly reports: the day of the month 1–31 (a shorter month runs on its last day); required for `monthly`'),
    timezone: ZTimeZone.optional().describe('IANA time zone of `time`; default the organization’s time zone, else the partner’s (settings.timezone), else UTC'),
  })
  .strict()
  .meta({ id: 'ReportScheduleConfig' });
export type ScheduleConfig = z.output<typeof ZScheduleConfig>;

export const ZEmailRecipients = z
  .array(z.string().trim().toLowerCase().pipe(z.email({ message: 'Must be an email address' })).pipe(z.string().max(254)))
  .max(MAX_EMAIL_RECIPIENTS, `At most ${MAX_EMAIL_RECIPIENTS} recipients`)
  .refine((a) => new Set(a).size === a.length, { message: 'Name each recipient once' });

export const ZReportConfig = z
  .object({
    schedule: ZScheduleConfig.optional().describe('When a scheduled report is due (with `schedule`)'),
    emailRecipients: ZEmailRecipients.default([]).describe(`Up to ${MAX_EMAIL_RECIPIENTS} addresses mailed the file of every scheduled run (and of POST /reports/:id/generate): a PDF attachment for pdf reports, CSV for csv and excel ones`),
  })
  .strict()
  .meta({ id: 'ReportConfig' });
export type ReportConfig = z.output<typeof ZReportConfig>;

/** `schedule` and `config.schedule` must agree: weekly needs a day, monthly a date. */
function checkSchedule(v: { schedule?: string | null; config?: { schedule?: ScheduleConfig } }, ctx: z.RefinementCtx) {
  const s = v.config?.schedule;
  if (!v.schedule) return;
  if (v.schedule === 'weekly' && s?.day === undefined) ctx.addIssue({ code: 'custom', path: ['config', 'schedule', 'day'], message: 'A weekly report needs config.schedule.day' });
  if (v.schedule === 'monthly' && s?.date === undefined) ctx.addIssue({ code: 'custom', path: ['config', 'schedule', 'date'], message: 'A monthly report needs config.schedule.date' });
}

const base = {
  orgId: ZUuid.nullable().optional().describe('Owning organization; omitted or null for a partner-wide report (callers that see every organization)'),
  name: zText(255, 1),
  description: zText(2000).nullable().optional(),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS).default('pdf'),
  filters: ZReportFilters.default(EMPTY_FILTERS),
  schedule: z.enum(REPORT_SCHEDULES).nullable().default(null).describe('daily, weekly or monthly; null: generated on demand only'),
  config: ZReportConfig.default({ emailRecipients: [] }),
};

export const ZCreateReport = z.object(base).strict().superRefine(checkSchedule).meta({ id: 'CreateReport' });
export type CreateReportInput = z.output<typeof ZCreateReport>;

export const ZUpdateReport = z
  .object({
    name: base.name,
    description: zText(2000).nullable(),
    type: base.type,
    format: z.enum(REPORT_FORMATS),
    filters: ZReportFilters,
    schedule: z.enum(REPORT_SCHEDULES).nullable(),
    config: ZReportConfig,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' })
  .meta({ id: 'UpdateReport' });
export type UpdateReportInput = z.output<typeof ZUpdateReport>;

export const ZGenerateReport = z
  .object({ email: z.boolean().default(true).describe('Mail the file to the report’s config.emailRecipients once generated (default true)') })
  .strict()
  .meta({ id: 'GenerateReport' });

export const ZAdHocReport = z
  .object({
    orgId: base.orgId,
    name: zText(255, 1).optional().describe('Name of the run and its file; default the type’s title'),
    type: base.type,
    format: base.format,
    filters: base.filters,
    emailRecipients: ZEmailRecipients.default([]).describe(`Up to ${MAX_EMAIL_RECIPIENTS} addresses mailed the file once generated`),
  })
  .strict()
  .meta({ id: 'AdHocReport' });
export type AdHocReportInput = z.output<typeof ZAdHocReport>;

export const ZListReportsQuery = pageQuery(50, 100).extend({
  type: z.enum(REPORT_TYPES).optional(),
  orgId: ZUuid.optional().describe('Reports owned by this organization'),
  scheduled: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('true: scheduled reports only; false: on-demand only'),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
});
export type ListReportsQuery = z.output<typeof ZListReportsQuery>;

export const ZListRunsQuery = pageQuery(50, 100).extend({
  reportId: ZUuid.optional().describe('Runs of this report'),
  status: z.enum(REPORT_RUN_STATUSES).optional(),
  trigger: z.enum(REPORT_RUN_TRIGGERS).optional(),
});
export type ListRunsQuery = z.output<typeof ZListRunsQuery>;

export const ZReport = z
  .object({
    id: ZUuid,
    orgId: ZUuid.nullable().describe('Null for a partner-wide report'),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(REPORT_TYPES),
    format: z.enum(REPORT_FORMATS),
    filters: ZReportFilters,
    schedule: z.enum(REPORT_SCHEDULES).nullable(),
    config: z.object({
      schedule: z.object({ time: z.string(), day: z.enum(WEEKDAYS).optional(), date: z.number().int().optional(), timezone: z.string().optional() }).optional(),
      emailRecipients: z.array(z.string()),
    }),
    timezone: z.string().describe('The time zone the schedule is evaluated in'),
    nextRunAt: ZTimestamp.nullable().describe('When the next scheduled run is due; null when unscheduled'),
    lastRunAt: ZTimestamp.nullable(),
    createdBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'Report' });
export type TReport = z.infer<typeof ZReport>;

export const ZReportRun = z
  .object({
    id: ZUuid,
    reportId: ZUuid.nullable().describe('Null for ad hoc runs and runs of a deleted report'),
    orgId: ZUuid.nullable(),
    name: z.string(),
    type: z.enum(REPORT_TYPES),
    format: z.enum(REPORT_FORMATS),
    filters: ZReportFilters,
    trigger: z.enum(REPORT_RUN_TRIGGERS),
    dueAt: ZTimestamp.nullable().describe('The scheduled time a scheduled run is for'),
    status: z.enum(REPORT_RUN_STATUSES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    error: z.string().nullable().describe('Why the last attempt failed (kept while a retry is pending)'),
    emailRecipients: z.array(z.string()),
    emailedAt: ZTimestamp.nullable().describe('When the email with the file was queued'),
    file: z
      .object({ name: z.string(), contentType: z.string(), sizeBytes: z.number().int(), rows: z.number().int().nullable(), downloadUrl: z.string() })
      .nullable()
      .describe('The generated file once the run succeeded'),
    requestedBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    startedAt: ZTimestamp.nullable(),
    completedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'ReportRun' });
export type TReportRun = z.infer<typeof ZReportRun>;

/** Query of GET /reports/data/*: paging, organization and site, and the period. */
export const ZReportDataQuery = pageQuery(50, 500)
  .extend({
    orgId: ZUuid.optional().describe('One organization in the caller’s scope (else 404)'),
    siteId: ZUuid.optional().describe('One site in the caller’s scope (else 404)'),
    from: z.iso.datetime({ offset: true }).optional().describe('Start of the period (inclusive); default `to` less 30 days'),
    to: z.iso.datetime({ offset: true }).optional().describe('End of the period (exclusive); default now'),
  })
  .superRefine((q, ctx) => {
    const to = q.to ? Date.parse(q.to) : Date.now();
    const from = q.from ? Date.parse(q.from) : to - 30 * 86_400_000;
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
    if (to - from > MAX_RANGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['from'], message: `The period spans at most ${MAX_RANGE_DAYS} days` });
  });
export type ReportDataQuery = z.output<typeof ZReportDataQuery>;

export const ZReportDataPage = z
  .object({
    data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    columns: z.array(z.object({ key: z.string(), header: z.string() })).describe('The row fields in display order with their headings (the same as the generated files)'),
    summary: z.array(z.object({ label: z.string(), value: z.string() })).describe('Totals over every matching row, not only this page'),
    period: z.object({ from: ZTimestamp, to: ZTimestamp }),
    pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: 'ReportDataPage' });
