// PUT /reports/:id: the fields given replace the stored ones (filters and config as a whole);
// the schedule is checked against config.schedule as stored after the change, and the next
// due time is computed again.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertFiltersInScope, assertReportWritable, getReportOrThrow } from '@/lib/reports/report-scope';
import { scheduleNextRun } from '@/lib/reports/create-report';
import { configOf, filtersOf } from '@/lib/reports/to-report-dto';
import type { TReport, UpdateReportInput } from '@/lib/reports/schemas';
import { toReportDtoOne } from '@/lib/reports/report-dtos';

export async function updateReport(ctx: ActorContext, id: string, input: UpdateReportInput): Promise<TReport> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`select 1 from reports where id = ${id}::uuid for update`;
    const current = await getReportOrThrow(ctx, id, tx);
    assertReportWritable(ctx, current);
    const schedule = input.schedule !== undefined ? input.schedule : current.schedule;
    const config = input.config ?? configOf(current.config);
    const filters = input.filters ?? filtersOf(current.filters);
    if (schedule === 'weekly' && config.schedule?.day === undefined) throw badRequest('A weekly report needs config.schedule.day', [{ path: 'body.config.schedule.day', message: 'Required for a weekly schedule' }]);
    if (schedule === 'monthly' && config.schedule?.date === undefined) throw badRequest('A monthly report needs config.schedule.date', [{ path: 'body.config.schedule.date', message: 'Required for a monthly schedule' }]);
    if (input.filters) await assertFiltersInScope(ctx, current, filters);
    const rescheduled = input.schedule !== undefined || input.config !== undefined;
    const updated = await tx.report.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.format !== undefined ? { format: input.format } : {}),
        ...(input.filters !== undefined ? { filters: filters as Prisma.InputJsonValue } : {}),
        ...(rescheduled ? { schedule, config: config as Prisma.InputJsonValue, nextRunAt: await scheduleNextRun(tx, current, schedule, config) } : {}),
      },
    });
    await writeAudit(ctx, { action: 'report.update', targetType: 'report', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { fields: Object.keys(input) } }, tx);
    return toReportDtoOne(tx, updated);
  });
}
