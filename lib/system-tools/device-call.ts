// One system-tools call: the device is looked up in the caller's scope (404 outside it), must
// take commands, and its agent answers over the live channel (whichever web process holds it).
// The agent's answer is checked against the contract: an agent that sends something else is a
// 502, never a 500 and never passed through.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { dbPool } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { DeviceStatus } from '@/lib/generated/prisma/enums';
import { AppError, notFound } from '@/lib/http/errors';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { agentChannelHub } from '@/lib/agent-channel/hub';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the tools need of a device: where it belongs, its name for the audit, whether it takes requests. */
export interface ToolDevice {
  id: string;
  partnerId: string;
  orgId: string;
  hostname: string;
  status: DeviceStatus;
}

// One prepared statement per scope shape (system, partner, selected organizations, one
// organization): a handful per connection, bounded in case of an unforeseen variety.
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < 20) statementNames.set(text, (name = `tool-device-${statementNames.size + 1}`));
  return name;
}

/**
 * The device in the caller's scope (the scope in the query, 404 outside it; decommissioned devices
 * read as missing), able to take requests. A prepared statement on the pool rather than a Prisma
 * query: Prisma's query compilation was over a quarter of the web CPU of a processes call.
 */
export async function toolDevice(ctx: ScopedContext, deviceId: string): Promise<ToolDevice> {
  if (!UUID.test(deviceId)) throw notFound('Device');
  const sql = Prisma.sql`select d.id, d.partner_id, d.org_id, d.hostname, d.status::text as status from devices d where d.id = ${deviceId}::uuid and ${deviceScopeSql(ctx)}`;
  const { rows } = await dbPool().query<{ id: string; partner_id: string; org_id: string; hostname: string; status: DeviceStatus }>({ name: statementName(sql.text), text: sql.text, values: sql.values as unknown[] });
  const row = rows[0];
  if (!row) throw notFound('Device');
  const device: ToolDevice = { id: row.id, partnerId: row.partner_id, orgId: row.org_id, hostname: row.hostname, status: row.status };
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
