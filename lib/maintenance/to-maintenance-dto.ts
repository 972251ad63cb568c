import type { MaintenanceOccurrence, MaintenanceWindow } from '@/lib/generated/prisma/client';
import type { OccurrenceStatus, TOccurrence, TWindow } from '@/lib/maintenance/schemas';
import { ruleText } from '@/lib/maintenance/rrule';

type OccurrenceTimes = Pick<MaintenanceOccurrence, 'startsAt' | 'endsAt' | 'cancelledAt'>;

/** The state of an occurrence, from its times: it never lags behind a worker. */
export function occurrenceStatus(o: OccurrenceTimes, now = new Date()): OccurrenceStatus {
  if (o.cancelledAt) return 'cancelled';
  if (now < o.startsAt) return 'scheduled';
  return now < o.endsAt ? 'active' : 'completed';
}

const ref = (o: MaintenanceOccurrence | null | undefined) => (o ? { id: o.id, startsAt: o.startsAt.toISOString(), endsAt: o.endsAt.toISOString() } : null);

export function toWindowDto(w: MaintenanceWindow, upcoming: MaintenanceOccurrence[] = [], now = new Date()): TWindow {
  const mine = upcoming.filter((o) => o.windowId === w.id && !o.cancelledAt && o.endsAt > now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return {
    id: w.id,
    partnerId: w.partnerId,
    orgId: w.orgId,
    name: w.name,
    description: w.description,
    timezone: w.timezone,
    startsAt: w.startsAt.toISOString(),
    endsAt: new Date(w.startsAt.getTime() + w.durationMinutes * 60_000).toISOString(),
    durationMinutes: w.durationMinutes,
    recurrence: w.recurrence,
    rrule: ruleText(w),
    daysOfWeek: w.daysOfWeek,
    dayOfMonth: w.dayOfMonth,
    until: w.until?.toISOString() ?? null,
    targets: { orgIds: w.targetOrgIds, siteIds: w.targetSiteIds, groupIds: w.targetGroupIds, deviceIds: w.targetDeviceIds },
    suppressAlerts: w.suppressAlerts,
    suppressReboots: w.suppressReboots,
    suppressPatching: w.suppressPatching,
    suppressDeployments: w.suppressDeployments,
    status: w.status,
    cancelledAt: w.cancelledAt?.toISOString() ?? null,
    cancelledBy: w.cancelledBy,
    currentOccurrence: ref(mine.find((o) => o.startsAt <= now)),
    nextOccurrence: ref(mine.find((o) => o.startsAt > now)),
    createdBy: w.createdBy,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function toOccurrenceDto(o: MaintenanceOccurrence & { window: Pick<MaintenanceWindow, 'name' | 'suppressAlerts' | 'suppressPatching'> }, now = new Date()): TOccurrence {
  return {
    id: o.id,
    windowId: o.windowId,
    windowName: o.window.name,
    partnerId: o.partnerId,
    orgId: o.orgId,
    status: occurrenceStatus(o, now),
    scheduledStartsAt: o.scheduledStartsAt.toISOString(),
    scheduledEndsAt: o.scheduledEndsAt.toISOString(),
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    startedBy: o.startedBy,
    endedBy: o.endedBy,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelledBy: o.cancelledBy,
    suppressAlerts: o.window.suppressAlerts,
    suppressPatching: o.window.suppressPatching,
  };
}
