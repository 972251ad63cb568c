// The event bus entry point. Domain code calls it inside its own transaction so the event, the
// webhook deliveries it fans out to and their jobs commit or roll back with the change that
// caused them.
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { EventType } from '@/lib/events/catalogue';
import { fanOutEvent } from '@/lib/webhooks/fan-out-event';

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
  const event = { id: row.id, type: input.type, timestamp: row.createdAt.toISOString(), orgId: row.orgId, data: input.data };
  // Webhooks belong to an organization: partner-level events (orgId null) match none.
  if (event.orgId) await fanOutEvent(tx, { ...event, orgId: event.orgId });
  return event;
}
