import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { TDashboard } from '@/lib/analytics/schemas';
import { getDashboardOrThrow } from '@/lib/analytics/dashboard-scope';
import { dashboardDto } from '@/lib/analytics/to-dashboard-dto';

export async function getDashboard(ctx: ActorContext, id: string): Promise<TDashboard> {
  return dashboardDto(db, await getDashboardOrThrow(ctx, id));
}
