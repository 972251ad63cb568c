// The event bus entry point. Domain code calls it inside its own transaction: the event, the
// webhook deliveries it fans out to and their jobs commit or roll back with the change that
// caused them. Webhooks belong to an organization, so a partner-level event (orgId null)
// matches none.
import type { Tx } from '@/lib/db';
import type { EventType } from '@/lib/events/catalogue';
import { recordAndFanOutEvent, recordAndFanOutEvents } from '@/lib/webhooks/fan-out-event';

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
  const recorded = await recordAndFanOutEvent(tx, input);
  return { id: recorded.id, type: input.type, timestamp: recorded.createdAt.toISOString(), orgId: input.orgId, data: input.data };
}

/** Many events in one statement (a sweep's batch); same rows and deliveries as emitEvent each. */
export async function emitEvents(tx: Tx, inputs: EmitEventInput[]): Promise<void> {
  await recordAndFanOutEvents(tx, inputs);
}
