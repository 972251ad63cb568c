import type { Prisma } from '@/lib/generated/prisma/client';
import type { OccurrenceStatus } from '@/lib/maintenance/schemas';

/** The derived states (toOccurrenceDto's occurrenceStatus) as predicates on the times. */
export function occurrenceStatusWhere(status: OccurrenceStatus, now: Date): Prisma.MaintenanceOccurrenceWhereInput {
  switch (status) {
    case 'cancelled':
      return { cancelledAt: { not: null } };
    case 'scheduled':
      return { cancelledAt: null, startsAt: { gt: now } };
    case 'active':
      return { cancelledAt: null, startsAt: { lte: now }, endsAt: { gt: now } };
    case 'completed':
      return { cancelledAt: null, endsAt: { lte: now } };
  }
}
