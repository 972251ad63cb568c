// POST /reports: a saved report, its filters checked against the caller's scope and, when
// scheduled, its first due time computed in the owner's time zone.
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { assertFiltersInScope, resolveTimeZone } from '@/lib/reports/report-scope';
import { nextRunAt, type ScheduleName } from '@/lib/reports/next-run-at';
import type { CreateReportInput, ReportConfig, TReport } from '@/lib/reports/schemas';
import { toReportDtoOne } from '@/lib/reports/report-dtos';

/** The next due time of a report with this schedule, or null when it has none. */
export async function scheduleNextRun(client: DbOrTx, owner: { partnerId: string; orgId: string | null }, schedule: ScheduleName | null, config: ReportConfig, after = new Date()): Promise<Date | null> {
  if (!schedule) return null;
  const cfg = config.schedule ?? { time: '08:00' };
  return nextRunAt(schedule, cfg, await resolveTimeZone(client, owner, cfg.timezone), after);
}

export async function createReport(ctx: ActorContext, input: CreateReportInput): Promise<TReport> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'reports');
  await assertFiltersInScope(ctx, owner, input.filters);
  return db.$transaction(async (tx) => {
    const created = await tx.report.create({
      data: {
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        format: input.format,
        filters: input.filters as Prisma.InputJsonValue,
        schedule: input.schedule,
        config: input.config as Prisma.InputJsonValue,
        nextRunAt: await scheduleNextRun(tx, owner, input.schedule, input.config),
        createdBy: ctx.userId,
      },
    });
    await writeAudit(ctx, {
      action: 'report.create',
      targetType: 'report',
      targetId: created.id,
      partnerId: created.partnerId,
      orgId: created.orgId,
      details: { name: created.name, type: created.type, format: created.format, schedule: created.schedule, recipients: input.config.emailRecipients.length },
    }, tx);
    return toReportDtoOne(tx, created);
  });
}
