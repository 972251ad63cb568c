import type { ActorContext } from '@/lib/auth/context';
import type { TWindow } from '@/lib/maintenance/schemas';
import { getWindowOrThrow } from '@/lib/maintenance/window-scope';
import { toWindowDto } from '@/lib/maintenance/to-maintenance-dto';
import { upcomingOccurrences } from '@/lib/maintenance/upcoming-occurrences';

export async function getWindow(ctx: ActorContext, id: string): Promise<TWindow> {
  const window = await getWindowOrThrow(ctx, id);
  return toWindowDto(window, await upcomingOccurrences([window.id]));
}
