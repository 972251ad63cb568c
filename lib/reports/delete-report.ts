// DELETE /reports/:id: the definition goes; its runs and their files stay as history (their
// report_id becomes null).
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertReportWritable, getReportOrThrow } from '@/lib/reports/report-scope';

export async function deleteReport(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getReportOrThrow(ctx, id, tx);
    assertReportWritable(ctx, current);
    await tx.report.delete({ where: { id } });
    await writeAudit(ctx, { action: 'report.delete', targetType: 'report', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name, type: current.type } }, tx);
  });
}
