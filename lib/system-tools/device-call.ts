// One system-tools call: the device is looked up in the caller's scope (404 outside it), must
// take commands, and its agent answers over the live channel (whichever web process holds it).
// The agent's answer is checked against the contract: an agent that sends something else is a
// 502, never a 500 and never passed through.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { agentChannelHub } from '@/lib/agent-channel/hub';

/** The device in the caller's scope, able to take requests. */
export async function toolDevice(ctx: ScopedContext, deviceId: string) {
  const device = await getDeviceOrThrow(ctx, deviceId);
  if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${device.status}: its agent takes no requests`);
  return device;
}

/** Asks the agent of an already checked device; its answer must match `shape`. */
export async function agentCall<T extends z.ZodType>(deviceId: string, op: string, params: Record<string, unknown>, shape: T, opts: { timeoutMs?: number } = {}): Promise<z.infer<T>> {
  const answer = await agentChannelHub().request(deviceId, op, params, opts);
  const parsed = shape.safeParse(answer);
  if (!parsed.success) throw new AppError('AGENT_BAD_RESPONSE', 502, `The agent's answer to ${op} does not match the contract`);
  return parsed.data as z.infer<T>;
}

export async function deviceCall<T extends z.ZodType>(ctx: ScopedContext, deviceId: string, op: string, params: Record<string, unknown>, shape: T) {
  const device = await toolDevice(ctx, deviceId);
  const result = await agentCall(device.id, op, params, shape);
  return { device, result };
}
