// Maintenance windows and their occurrences (doc 1 "Maintenance, policies, deployments"). The
// spec names the endpoints only; bodies, fields and the occurrence states are designed here and
// published in OpenAPI through these schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { ZTimeZone } from '@/lib/tenancy/timezone';
import { MAX_RRULE_LENGTH, rruleIssues } from '@/lib/maintenance/rrule';

export const RECURRENCES = ['none', 'daily', 'weekly', 'monthly', 'rrule'] as const;
export const WINDOW_STATUSES = ['active', 'cancelled'] as const;
export const OCCURRENCE_STATUSES = ['scheduled', 'active', 'completed', 'cancelled'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];
export type Recurrence = (typeof RECURRENCES)[number];

/** The longest occurrence (31 days): bounds how far back the "in maintenance now" probe looks. */
export const MAX_DURATION_MINUTES = 31 * 24 * 60;
/** Recurring windows materialize their occurrences this far ahead. */
export const MATERIALIZE_DAYS = 30;
export const MAX_TARGETS_PER_KIND = 500;

const ZUuid = z.string().uuid();
const ZDate = ZTimestamp;
const ZInstant = z.string().datetime({ offset: true }).transform((s) => new Date(s)).describe('ISO 8601 with offset');
const ids = (what: string) => z.array(ZUuid).max(MAX_TARGETS_PER_KIND).default([]).describe(`${what} (up to ${MAX_TARGETS_PER_KIND})`);

export const ZWindowTargets = z
  .object({
    orgIds: ids('Organizations: every device of each'),
    siteIds: ids('Sites: every device of each'),
    groupIds: ids('Device groups: their members at the time of the check (dynamic groups included)'),
    deviceIds: ids('Devices'),
  })
  .strict();
export type WindowTargets = z.output<typeof ZWindowTargets>;

const targetCount = (t: WindowTargets) => t.orgIds.length + t.siteIds.length + t.groupIds.length + t.deviceIds.length;

const ZRrule = z
  .string()
  .max(MAX_RRULE_LENGTH + 6)
  .describe(
    'recurrence "rrule": an RFC 5545 RRULE such as FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2 (the second Tuesday). Parts: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, COUNT, BYDAY, BYMONTHDAY, BYMONTH, BYYEARDAY, BYWEEKNO, BYSETPOS, WKST. The start and time of day come from startsAt, the end from until.',
  );

const ZSchedule = z.object({
  startsAt: ZInstant.describe('First occurrence start (ISO 8601 with offset); its wall-clock time in `timezone` is kept by every later occurrence, across DST changes'),
  endsAt: ZInstant.optional().describe('First occurrence end; give this or durationMinutes'),
  durationMinutes: z.number().int().min(1).max(MAX_DURATION_MINUTES).optional().describe('Length of every occurrence; give this or endsAt'),
  timezone: ZTimeZone.default('UTC').describe('IANA time zone the recurrence is computed in'),
  recurrence: z.enum(RECURRENCES).default('none').describe('none (once), daily, weekly, monthly, or rrule (the `rrule` field)'),
  rrule: ZRrule.optional(),
  daysOfWeek: z.array(z.number().int().min(0).max(6)).max(7).optional().describe('Weekly: days 0 (Sunday) to 6 (Saturday); default the weekday of startsAt'),
  dayOfMonth: z.number().int().min(1).max(31).optional().describe('Monthly: day 1 to 31 (months without it use their last day); default the day of startsAt'),
  until: ZInstant.nullable().optional().describe('Recurring windows: no occurrence starts after this'),
});

type ScheduleInput = { startsAt?: Date; endsAt?: Date; durationMinutes?: number; recurrence?: Recurrence; rrule?: string | null; daysOfWeek?: number[]; dayOfMonth?: number; until?: Date | null };

/** Cross-field rules of a schedule (also run on the merged schedule of a PATCH). */
export function scheduleIssues(v: ScheduleInput): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (v.endsAt && v.durationMinutes !== undefined) issues.push({ path: ['durationMinutes'], message: 'Give endsAt or durationMinutes, not both' });
  if (v.startsAt && v.endsAt) {
    const minutes = (v.endsAt.getTime() - v.startsAt.getTime()) / 60_000;
    if (minutes < 1) issues.push({ path: ['endsAt'], message: 'endsAt must be at least a minute after startsAt' });
    else if (minutes > MAX_DURATION_MINUTES) issues.push({ path: ['endsAt'], message: 'An occurrence lasts at most 31 days' });
  }
  const recurrence = v.recurrence ?? 'none';
  if (v.daysOfWeek?.length && recurrence !== 'weekly') issues.push({ path: ['daysOfWeek'], message: 'Only weekly windows take daysOfWeek' });
  if (v.dayOfMonth !== undefined && recurrence !== 'monthly') issues.push({ path: ['dayOfMonth'], message: 'Only monthly windows take dayOfMonth' });
  if (recurrence === 'rrule') {
    if (!v.rrule) issues.push({ path: ['rrule'], message: 'A recurrence of "rrule" needs the rrule field' });
    else for (const message of rruleIssues(v.rrule)) issues.push({ path: ['rrule'], message });
  } else if (v.rrule) issues.push({ path: ['rrule'], message: 'Only windows with recurrence "rrule" take a rule' });
  if (v.until && recurrence === 'none') issues.push({ path: ['until'], message: 'Only recurring windows take until' });
  if (v.until && v.startsAt && v.until <= v.startsAt) issues.push({ path: ['until'], message: 'until must be after startsAt' });
  return issues;
}

export const ZCreateWindow = z
  .object({
    name: zText(255, 1),
    description: zText(2000).optional(),
    orgId: ZUuid.nullable().optional().describe('Owning organization; omitted or null for a partner-wide window (callers that see every organization)'),
    targets: ZWindowTargets,
    suppressAlerts: z.boolean().default(true).describe('New alerts of the targets are raised straight into `suppressed` during an occurrence'),
    suppressReboots: z.boolean().default(false).describe('Patch installs during an occurrence do not reboot the targets (the job records rebootDeferred)'),
    suppressPatching: z.boolean().default(false).describe('Patching installs nothing on the targets during an occurrence'),
    suppressDeployments: z.boolean().default(false).describe('Deployments dispatch nothing to the targets during an occurrence (their devices wait)'),
  })
  .extend(ZSchedule.shape)
  .strict()
  .superRefine((v, ctx) => {
    if (targetCount(v.targets) === 0) ctx.addIssue({ code: 'custom', path: ['targets'], message: 'Name at least one organization, site, group or device' });
    if (!v.endsAt && v.durationMinutes === undefined) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Give endsAt or durationMinutes' });
    for (const issue of scheduleIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type CreateWindowInput = z.output<typeof ZCreateWindow>;

export const ZUpdateWindow = z
  .object({
    name: zText(255, 1),
    description: zText(2000).nullable(),
    targets: ZWindowTargets,
    suppressAlerts: z.boolean(),
    suppressReboots: z.boolean(),
    suppressPatching: z.boolean(),
    suppressDeployments: z.boolean(),
    startsAt: ZSchedule.shape.startsAt,
    endsAt: ZInstant,
    durationMinutes: z.number().int().min(1).max(MAX_DURATION_MINUTES),
    timezone: ZTimeZone,
    recurrence: z.enum(RECURRENCES),
    rrule: ZRrule,
    daysOfWeek: z.array(z.number().int().min(0).max(6)).max(7),
    dayOfMonth: z.number().int().min(1).max(31).nullable(),
    until: ZInstant.nullable(),
  })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if (Object.keys(v).length === 0) ctx.addIssue({ code: 'custom', path: [], message: 'Give at least one field' });
    if (v.targets && targetCount(v.targets) === 0) ctx.addIssue({ code: 'custom', path: ['targets'], message: 'Name at least one organization, site, group or device' });
    if (v.endsAt && v.durationMinutes !== undefined) ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: 'Give endsAt or durationMinutes, not both' });
  });
export type UpdateWindowInput = z.output<typeof ZUpdateWindow>;

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(10));

export const ZListWindowsQuery = pageQuery(50, 100).extend({
  status: z.enum(WINDOW_STATUSES).optional(),
  orgId: ZUuid.optional().describe("Windows owned by this organization (partner-wide ones are listed without orgId)"),
  deviceId: ZUuid.optional().describe('Windows naming this device directly'),
  recurrence: z.enum(RECURRENCES).optional(),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
});

export const ZListOccurrencesQuery = pageQuery(50, 100).extend({
  status: csv(z.enum(OCCURRENCE_STATUSES)).optional().describe('One or more of scheduled, active, completed, cancelled (comma separated)'),
  windowId: ZUuid.optional(),
  orgId: ZUuid.optional(),
  from: z.coerce.date().optional().describe('Occurrences ending after this'),
  to: z.coerce.date().optional().describe('Occurrences starting before this'),
});
export const ZWindowOccurrencesQuery = ZListOccurrencesQuery.omit({ windowId: true, orgId: true });

export const ZActiveQuery = pageQuery(50, 200).extend({
  orgId: ZUuid.optional(),
  deviceId: ZUuid.optional().describe('Only this device: an empty page when it is not in maintenance now'),
  search: zText(255, 1).optional().describe('Hostname contains (case-insensitive)'),
});

export const ZOccurrenceRef = z.object({ id: ZUuid, startsAt: ZDate, endsAt: ZDate }).meta({ id: 'MaintenanceOccurrenceRef' });

export const ZWindow = z.object({
  id: ZUuid,
  partnerId: ZUuid,
  orgId: ZUuid.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  timezone: z.string(),
  startsAt: ZDate,
  endsAt: ZDate.describe('End of the first occurrence'),
  durationMinutes: z.number().int(),
  recurrence: z.enum(RECURRENCES),
  rrule: z.string().nullable().describe('The RFC 5545 rule every recurring window follows (presets included, e.g. FREQ=WEEKLY;BYDAY=MO,WE); null for a one-off window'),
  daysOfWeek: z.array(z.number().int()),
  dayOfMonth: z.number().int().nullable(),
  until: ZDate.nullable(),
  targets: z.object({ orgIds: z.array(ZUuid), siteIds: z.array(ZUuid), groupIds: z.array(ZUuid), deviceIds: z.array(ZUuid) }),
  suppressAlerts: z.boolean(),
  suppressReboots: z.boolean(),
  suppressPatching: z.boolean(),
  suppressDeployments: z.boolean(),
  status: z.enum(WINDOW_STATUSES).describe('active, or cancelled (POST /maintenance/windows/:id/cancel; no further occurrences)'),
  cancelledAt: ZDate.nullable(),
  cancelledBy: ZUuid.nullable(),
  currentOccurrence: ZOccurrenceRef.nullable().describe('The occurrence in progress, if any'),
  nextOccurrence: ZOccurrenceRef.nullable().describe('The next scheduled occurrence, if any'),
  createdBy: ZUuid.nullable(),
  createdAt: ZDate,
  updatedAt: ZDate,
}).meta({ id: 'MaintenanceWindow' });
export type TWindow = z.infer<typeof ZWindow>;

export const ZOccurrence = z.object({
  id: ZUuid,
  windowId: ZUuid,
  windowName: z.string(),
  partnerId: ZUuid,
  orgId: ZUuid.nullable(),
  status: z
    .enum(OCCURRENCE_STATUSES)
    .describe('Derived from the times: cancelled when cancelledAt is set; else scheduled before startsAt, active until endsAt, completed after'),
  scheduledStartsAt: ZDate,
  scheduledEndsAt: ZDate,
  startsAt: ZDate.describe('Actual start: the scheduled one, or when it was started by hand'),
  endsAt: ZDate.describe('Actual end: the scheduled one, or when it was ended by hand'),
  startedBy: ZUuid.nullable().describe('Who started it early, if someone did'),
  endedBy: ZUuid.nullable().describe('Who ended it early, if someone did'),
  cancelledAt: ZDate.nullable(),
  cancelledBy: ZUuid.nullable(),
  suppressAlerts: z.boolean(),
  suppressPatching: z.boolean(),
}).meta({ id: 'MaintenanceOccurrence' });
export type TOccurrence = z.infer<typeof ZOccurrence>;

export const ZActiveDevice = z.object({
  deviceId: ZUuid,
  hostname: z.string(),
  displayName: z.string().nullable(),
  orgId: ZUuid,
  siteId: ZUuid.nullable(),
  status: z.string(),
  endsAt: ZDate.describe('When the last of its current occurrences ends'),
  suppressAlerts: z.boolean().describe('Whether any current occurrence suppresses its alerts'),
  windows: z.array(z.object({ windowId: ZUuid, name: z.string(), occurrenceId: ZUuid, endsAt: ZDate, matchedBy: z.enum(['organization', 'site', 'group', 'device', 'policy']).describe('policy: the device’s effective configuration policy names the window (maintenanceWindowId)') })),
});
export type TActiveDevice = z.infer<typeof ZActiveDevice>;
