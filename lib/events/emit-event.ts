// The event bus entry point. Domain code calls it inside its own transaction so the event is
// recorded atomically with the change that caused it.
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { EventType } from '@/lib/events/catalogue';

export interface EmitEventInput {
  type: EventType;
  partnerId: string | null;
  orgId: string | null;
  data: Record<string, unknown>;
}

export interface EmittedEvent {
  id: string;
  type: EventType;
  timestamp: string;
  orgId: string | null;
  data: Record<string, unknown>;
}

export async function emitEvent(tx: Tx, input: EmitEventInput): Promise<EmittedEvent> {
  const row = await tx.event.create({
    data: {
      type: input.type,
      partnerId: input.partnerId,
      orgId: input.orgId,
      data: input.data as Prisma.InputJsonValue,
    },
  });
  return { id: row.id, type: input.type, timestamp: row.createdAt.toISOString(), orgId: row.orgId, data: input.data };
}
