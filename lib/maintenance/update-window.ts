// Edits a window. Name, description, targets and options apply at once (targets are resolved
// when checked, so a running occurrence covers the new targets). A schedule edit replaces the
// occurrences that have not started; the one in progress keeps its times.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { scheduleIssues, type TWindow, type UpdateWindowInput } from '@/lib/maintenance/schemas';
import { assertWindowWritable, getWindowOrThrow } from '@/lib/maintenance/window-scope';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import { materializeOccurrences } from '@/lib/maintenance/materialize-occurrences';
import { toWindowDto } from '@/lib/maintenance/to-maintenance-dto';
import { upcomingOccurrences } from '@/lib/maintenance/upcoming-occurrences';
import { toLocal } from '@/lib/maintenance/zoned-time';
import { normalizeRrule } from '@/lib/maintenance/rrule';

const SCHEDULE_FIELDS = ['startsAt', 'endsAt', 'durationMinutes', 'timezone', 'recurrence', 'rrule', 'daysOfWeek', 'dayOfMonth', 'until'] as const;

export async function updateWindow(ctx: ActorContext, id: string, input: UpdateWindowInput): Promise<TWindow> {
  const now = new Date();
  const window = await db.$transaction(async (tx) => {
    const current = await getWindowOrThrow(ctx, id, tx);
    assertWindowWritable(ctx, current);
    if (current.status === 'cancelled') throw conflict('The window is cancelled; create a new one', 'WINDOW_CANCELLED');
    const rescheduled = SCHEDULE_FIELDS.some((f) => input[f] !== undefined);
    const data: Prisma.MaintenanceWindowUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.suppressAlerts !== undefined ? { suppressAlerts: input.suppressAlerts } : {}),
      ...(input.suppressReboots !== undefined ? { suppressReboots: input.suppressReboots } : {}),
      ...(input.suppressPatching !== undefined ? { suppressPatching: input.suppressPatching } : {}),
      ...(input.suppressDeployments !== undefined ? { suppressDeployments: input.suppressDeployments } : {}),
    };
    if (input.targets) {
      await assertWindowTargets(tx, ctx, current, input.targets);
      Object.assign(data, { targetOrgIds: input.targets.orgIds, targetSiteIds: input.targets.siteIds, targetGroupIds: input.targets.groupIds, targetDeviceIds: input.targets.deviceIds });
    }
    if (rescheduled) {
      const startsAt = input.startsAt ?? current.startsAt;
      const recurrence = input.recurrence ?? current.recurrence;
      const schedule = {
        startsAt,
        endsAt: input.endsAt,
        recurrence,
        rrule: recurrence === 'rrule' ? (input.rrule ?? current.rrule) : input.rrule,
        daysOfWeek: recurrence === 'weekly' ? (input.daysOfWeek ?? current.daysOfWeek) : undefined,
        dayOfMonth: recurrence === 'monthly' ? ((input.dayOfMonth !== undefined ? input.dayOfMonth : current.dayOfMonth) ?? undefined) : undefined,
        until: recurrence === 'none' ? null : input.until !== undefined ? input.until : current.until,
      };
      const issues = scheduleIssues(schedule);
      if (input.daysOfWeek?.length && recurrence !== 'weekly') issues.push({ path: ['daysOfWeek'], message: 'Only weekly windows take daysOfWeek' });
      if (input.dayOfMonth && recurrence !== 'monthly') issues.push({ path: ['dayOfMonth'], message: 'Only monthly windows take dayOfMonth' });
      if (issues.length) throw badRequest('Invalid schedule', issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message })));
      const timezone = input.timezone ?? current.timezone;
      const local = toLocal(startsAt, timezone);
      const durationMinutes = input.durationMinutes ?? (input.endsAt ? Math.round((input.endsAt.getTime() - startsAt.getTime()) / 60_000) : current.durationMinutes);
      // Not-yet-started occurrences follow the new schedule; the running one ends as planned.
      await tx.maintenanceOccurrence.deleteMany({ where: { windowId: id, startsAt: { gt: now }, cancelledAt: null } });
      const running = await tx.maintenanceOccurrence.findFirst({ where: { windowId: id, cancelledAt: null, startsAt: { lte: now }, endsAt: { gt: now } }, orderBy: { endsAt: 'desc' } });
      Object.assign(data, {
        startsAt,
        durationMinutes,
        timezone,
        recurrence,
        daysOfWeek: recurrence === 'weekly' ? (schedule.daysOfWeek?.length ? [...new Set(schedule.daysOfWeek)].sort((a, b) => a - b) : [local.weekday]) : [],
        dayOfMonth: recurrence === 'monthly' ? (schedule.dayOfMonth ?? local.day) : null,
        rrule: recurrence === 'rrule' && schedule.rrule ? normalizeRrule(schedule.rrule) : null,
        until: schedule.until,
        materializedUntil: running?.endsAt ?? null,
      });
    }
    const updated = await tx.maintenanceWindow.update({ where: { id }, data });
    if (rescheduled) await materializeOccurrences(tx, updated, now);
    await writeAudit(
      ctx,
      { action: 'maintenance_window.update', targetType: 'maintenance_window', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { fields: Object.keys(input) } },
      tx,
    );
    return updated;
  });
  return toWindowDto(window, await upcomingOccurrences([window.id]));
}
