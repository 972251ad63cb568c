// Event logs of a device (journald on Linux), read live by its agent.
import { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { deviceCall } from '@/lib/system-tools/device-call';
import { ZEvent, ZEventDetail, ZEventLog, ZEventLogDetail, type ZEventQuery } from '@/lib/system-tools/eventlog-schemas';

const ZAgentLogs = z.object({ logs: z.array(ZEventLog) });
const ZAgentEvents = z.object({ events: z.array(ZEvent), nextCursor: z.string().nullable() });

export async function listDeviceEventLogs(ctx: ActorContext, deviceId: string) {
  const { result } = await deviceCall(ctx, deviceId, 'eventlogs.list', {}, ZAgentLogs);
  return { data: result.logs, collectedAt: new Date().toISOString() };
}

export async function getDeviceEventLog(ctx: ActorContext, deviceId: string, name: string) {
  return (await deviceCall(ctx, deviceId, 'eventlogs.get', { name }, ZEventLogDetail)).result;
}

export async function listDeviceEvents(ctx: ActorContext, deviceId: string, name: string, query: z.output<typeof ZEventQuery>) {
  const { result } = await deviceCall(ctx, deviceId, 'eventlogs.events', { name, ...query }, ZAgentEvents);
  return { data: result.events, pagination: { nextCursor: result.nextCursor, limit: query.limit } };
}

export async function getDeviceEvent(ctx: ActorContext, deviceId: string, name: string, recordId: string) {
  return (await deviceCall(ctx, deviceId, 'eventlogs.event', { name, recordId }, ZEventDetail)).result;
}
