// The JSON body of a delivery (doc 2): { id, type, timestamp, orgId, data }.
export interface DeliveryPayload {
  id: string;
  type: string;
  timestamp: string;
  orgId: string;
  data: Record<string, unknown>;
}

export function buildPayload(event: { id: string; type: string; timestamp: string; orgId: string; data: Record<string, unknown> }): DeliveryPayload {
  return { id: event.id, type: event.type, timestamp: event.timestamp, orgId: event.orgId, data: event.data };
}

/** The raw body sent and signed. Stored payloads come back from jsonb with keys reordered, so
 * the top level is rebuilt in the documented order. */
export function serializePayload(stored: unknown): string {
  const p = (stored ?? {}) as Partial<DeliveryPayload>;
  return JSON.stringify({ id: p.id, type: p.type, timestamp: p.timestamp, orgId: p.orgId, data: p.data ?? {} });
}
