// The enqueue_due_reports cron task (every minute): each scheduled report whose next due time
// has come gets one run for that due time and its generate job, and its next due time moves to
// the first one after now in its time zone (occurrences missed while no worker ran collapse into
// the one catch-up run). Safe with several workers: due reports are locked with SKIP LOCKED, and
// the unique (report_id, due_at) key makes a second insert for the same due time a no-op.
// Reports of a partner that is not active (pending, suspended, churned, offboarding, deleted)
// or of a deleted organization wait: they run once, for their last due time, if it comes back.
import { db } from '@/lib/db';
import { configOf } from '@/lib/reports/to-report-dto';
import { scheduleNextRun } from '@/lib/reports/create-report';
import { enqueueRunJob, runOfReportData } from '@/lib/reports/queue-report-run';

const BATCH = 50;

/** Returns the number of runs created. */
export async function enqueueDueReports(now = new Date()): Promise<number> {
  let created = 0;
  for (;;) {
    const seen = await db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        select r.id from reports r
        where r.schedule is not null and r.next_run_at <= ${now}
          and exists (select 1 from partners p where p.id = r.partner_id and p.status = 'active' and p.deleted_at is null)
          and (r.org_id is null or exists (select 1 from organizations o where o.id = r.org_id and o.deleted_at is null))
        order by r.next_run_at, r.id limit ${BATCH} for update of r skip locked`;
      for (const { id } of due) {
        const report = (await tx.report.findUnique({ where: { id } }))!;
        const config = configOf(report.config);
        const runs = await tx.reportRun.createManyAndReturn({
          data: [runOfReportData(report, { trigger: 'schedule', dueAt: report.nextRunAt, email: true })],
          skipDuplicates: true,
        });
        for (const run of runs) await enqueueRunJob(tx, run);
        created += runs.length;
        await tx.report.update({ where: { id }, data: { nextRunAt: await scheduleNextRun(tx, report, report.schedule, config, now) } });
      }
      return due.length;
    });
    if (seen < BATCH) return created;
  }
}
