import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { CreateWindowInput, TWindow } from '@/lib/maintenance/schemas';
import { resolveWindowOwner } from '@/lib/maintenance/window-scope';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import { materializeOccurrences } from '@/lib/maintenance/materialize-occurrences';
import { toWindowDto } from '@/lib/maintenance/to-maintenance-dto';
import { upcomingOccurrences } from '@/lib/maintenance/upcoming-occurrences';
import { toLocal } from '@/lib/maintenance/zoned-time';
import { normalizeRrule } from '@/lib/maintenance/rrule';

export async function createWindow(ctx: ActorContext, input: CreateWindowInput): Promise<TWindow> {
  const owner = await resolveWindowOwner(ctx, input.orgId);
  const durationMinutes = input.durationMinutes ?? Math.round((input.endsAt!.getTime() - input.startsAt.getTime()) / 60_000);
  const now = new Date();
  if (input.recurrence === 'none' && input.startsAt.getTime() + durationMinutes * 60_000 <= now.getTime()) {
    throw badRequest('The window ends in the past', [{ path: 'body.endsAt', message: 'A one-off window must end in the future' }]);
  }
  const local = toLocal(input.startsAt, input.timezone);
  const window = await db.$transaction(async (tx) => {
    await assertWindowTargets(tx, ctx, owner, input.targets);
    const created = await tx.maintenanceWindow.create({
      data: {
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        description: input.description ?? null,
        timezone: input.timezone,
        startsAt: input.startsAt,
        durationMinutes,
        recurrence: input.recurrence,
        daysOfWeek: input.recurrence === 'weekly' ? [...new Set(input.daysOfWeek?.length ? input.daysOfWeek : [local.weekday])].sort((a, b) => a - b) : [],
        dayOfMonth: input.recurrence === 'monthly' ? (input.dayOfMonth ?? local.day) : null,
        rrule: input.recurrence === 'rrule' && input.rrule ? normalizeRrule(input.rrule) : null,
        until: input.until ?? null,
        targetOrgIds: input.targets.orgIds,
        targetSiteIds: input.targets.siteIds,
        targetGroupIds: input.targets.groupIds,
        targetDeviceIds: input.targets.deviceIds,
        suppressAlerts: input.suppressAlerts,
        suppressReboots: input.suppressReboots,
        suppressPatching: input.suppressPatching,
        suppressDeployments: input.suppressDeployments,
        createdBy: ctx.userId,
      },
    });
    const count = await materializeOccurrences(tx, created, now);
    await writeAudit(
      ctx,
      { action: 'maintenance_window.create', targetType: 'maintenance_window', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, recurrence: created.recurrence, occurrences: count } },
      tx,
    );
    return created;
  });
  return toWindowDto(window, await upcomingOccurrences([window.id]));
}
