// GET /filters/:id.
import type { ActorContext } from '@/lib/auth/context';
import { getFilterOrThrow } from '@/lib/filters/get-filter-or-throw';
import { toFilterDto } from '@/lib/filters/to-filter-dto';

export async function getFilter(ctx: ActorContext, id: string) {
  return toFilterDto(await getFilterOrThrow(ctx, id));
}
