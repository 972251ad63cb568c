import type { ActorContext } from '@/lib/auth/context';
import type { TOccurrence } from '@/lib/maintenance/schemas';
import { getOccurrenceOrThrow } from '@/lib/maintenance/window-scope';
import { toOccurrenceDto } from '@/lib/maintenance/to-maintenance-dto';

export async function getOccurrence(ctx: ActorContext, id: string): Promise<TOccurrence> {
  return toOccurrenceDto(await getOccurrenceOrThrow(ctx, id));
}
