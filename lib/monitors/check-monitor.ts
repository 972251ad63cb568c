// POST /monitors/:id/check (run now, recorded like a scheduled check) and POST /monitors/:id/test
// (a dry run: nothing stored, no alert).
import type { ScopedContext } from '@/lib/auth/context';
import { getMonitorOrThrow } from '@/lib/monitors/get-monitor-or-throw';
import { runCheck } from '@/lib/monitors/checks/run-check';
import { recordMonitorResult } from '@/lib/monitors/record-monitor-result';
import { toMonitorDto, toMonitorResultDto } from '@/lib/monitors/to-monitor-dto';

export async function checkMonitorNow(ctx: ScopedContext, id: string) {
  const monitor = await getMonitorOrThrow(ctx, id);
  const outcome = await runCheck(monitor);
  const fresh = await getMonitorOrThrow(ctx, id);
  const { monitor: updated, result } = await recordMonitorResult(fresh, outcome);
  const { id: _id, monitorId: _m, ...dto } = toMonitorResultDto(result);
  return { monitor: toMonitorDto(updated), result: dto };
}

export async function testMonitor(ctx: ScopedContext, id: string) {
  const monitor = await getMonitorOrThrow(ctx, id);
  const outcome = await runCheck(monitor);
  return { ...outcome, checkedAt: new Date().toISOString() };
}
