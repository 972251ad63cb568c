// POST /agents/:agentId/heartbeat. The hot path of the service (the fleet beats every interval):
// after the token lookup it is ONE statement — update the device row and atomically claim its
// pending commands (pending → sent, FOR UPDATE SKIP LOCKED, so two concurrent beats can never
// both receive a command). Events are written only when the device's state changes, on a slower
// transactional path.
import type { z } from 'zod';
import { db, dbPool, type Tx } from '@/lib/db';
import { env, deviceOfflineAfterSeconds } from '@/lib/env';
import type { AgentContext } from '@/lib/auth/context';
import { emitEvent } from '@/lib/events/emit-event';
import { ZHeartbeatBody } from '@/lib/agents/schemas';
import { takeDropped } from '@/lib/agents/tolerant';
import { stripNul } from '@/lib/agents/sanitize';
import { evaluateHeartbeat } from '@/lib/alerts/evaluation/evaluate-heartbeat';

type HeartbeatInput = z.output<typeof ZHeartbeatBody>;
const CLAIM_LIMIT = 50;

interface ClaimedCommand {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

function columns(input: HeartbeatInput) {
  const m = input.metrics ?? {};
  const extra = { ...m } as Record<string, unknown>;
  delete extra.cpuPercent;
  delete extra.memoryPercent;
  delete extra.diskPercent;
  return [
    m.cpuPercent ?? null,
    m.memoryPercent ?? null,
    m.diskPercent ?? null,
    input.uptimeSeconds ?? null,
    input.loggedInUser ?? null,
    JSON.stringify(extra),
  ] as const;
}

// $1 device, $2 all commands (false: self_uninstall only), $3..$8 the heartbeat columns.
const FAST_PATH = `
  with hb as (
    update devices set last_seen_at = now(), cpu_percent = $3, memory_percent = $4, disk_percent = $5,
      uptime_seconds = $6, last_user = $7, metrics = $8::jsonb, main_agent_silent_since = null
    where id = $1 and status = 'online'
    returning id
  ), claimed as (
    update device_commands c set status = 'sent', sent_at = now(), dedupe_key = null
    where c.id in (
      select id from device_commands
      where device_id = $1 and status = 'pending' and ($2 or type = 'self_uninstall') and exists (select 1 from hb)
      order by created_at limit ${CLAIM_LIMIT}
      for update skip locked)
    returning c.id, c.type, c.payload, c.created_at
  )
  select (select count(*) from hb)::int as updated,
    exists(select 1 from alert_rule_states where device_id = $1) as alert_state,
    coalesce(json_agg(json_build_object('id', id, 'type', type, 'payload', payload,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by created_at), '[]'::json) as commands
  from claimed`;

async function claimInTx(tx: Tx, deviceId: string, all: boolean): Promise<ClaimedCommand[]> {
  const rows = await tx.$queryRaw<{ id: string; type: string; payload: Record<string, unknown>; created_at: Date }[]>`
    update device_commands c set status = 'sent', sent_at = now(), dedupe_key = null
    where c.id in (
      select id from device_commands
      where device_id = ${deviceId}::uuid and status = 'pending' and (${all} or type = 'self_uninstall')
      order by created_at limit ${CLAIM_LIMIT}
      for update skip locked)
    returning c.id, c.type, c.payload, c.created_at`;
  return rows
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .map((r) => ({ id: r.id, type: r.type, payload: r.payload, createdAt: r.created_at.toISOString() }));
}

/** State changes (back online, new hostname or versions): one transaction with its events. */
async function slowPath(ctx: AgentContext, input: HeartbeatInput, all: boolean): Promise<ClaimedCommand[]> {
  const [cpu, mem, disk, uptime, user, metrics] = columns(input);
  return db.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ status: string; hostname: string; agent_version: string | null; os_version: string | null; last_seen_at: Date | null }[]>`
      select status, hostname, agent_version, os_version, last_seen_at from devices where id = ${ctx.deviceId}::uuid for update`;
    if (!before || before.status === 'decommissioned' || before.status === 'uninstalled') return [];
    const hostname = input.hostname ?? before.hostname;
    const agentVersion = input.agentVersion ?? before.agent_version;
    const osVersion = input.osVersion ?? before.os_version;
    const [after] = await tx.$queryRaw<{ last_seen_at: Date }[]>`
      update devices set status = 'online', last_seen_at = now(), cpu_percent = ${cpu}, memory_percent = ${mem}, disk_percent = ${disk},
        uptime_seconds = ${uptime}, last_user = ${user}, metrics = ${metrics}::jsonb, main_agent_silent_since = null,
        hostname = ${hostname}, agent_version = ${agentVersion}, os_version = ${osVersion}, updated_at = now()
      where id = ${ctx.deviceId}::uuid
      returning last_seen_at`;
    const where = { partnerId: ctx.partnerId, orgId: ctx.orgId };
    if (before.status !== 'online') {
      await emitEvent(tx, { type: 'device.online', ...where, data: { deviceId: ctx.deviceId, hostname, lastSeen: after.last_seen_at.toISOString(), previousStatus: before.status } });
    }
    const changes = Object.entries({ hostname: [before.hostname, hostname], agentVersion: [before.agent_version, agentVersion], osVersion: [before.os_version, osVersion] })
      .filter(([, [a, b]]) => a !== b)
      .map(([field, [from, to]]) => ({ field, from, to }));
    if (changes.length > 0) {
      await emitEvent(tx, { type: 'device.updated', ...where, data: { deviceId: ctx.deviceId, hostname, changes } });
    }
    return claimInTx(tx, ctx.deviceId, all);
  });
}

/** The slow path's breach-state probe (the fast path reads it in its own statement). */
async function hasAlertState(deviceId: string): Promise<boolean> {
  const { rows } = await dbPool().query<{ e: boolean }>('select exists(select 1 from alert_rule_states where device_id = $1) as e', [deviceId]);
  return rows[0].e;
}

async function watchdogBeat(ctx: AgentContext, input: HeartbeatInput): Promise<void> {
  // The main agent is "silent" when its own beats stopped for the offline threshold while the
  // watchdog still reports: the box is alive, only the agent service is wedged.
  await dbPool().query(
    `update devices set watchdog_last_seen_at = now(), watchdog_status = $2,
       main_agent_silent_since = case when last_seen_at is null or last_seen_at < now() - make_interval(secs => $3)
         then coalesce(main_agent_silent_since, now()) else null end
     where id = $1`,
    [ctx.deviceId, input.watchdogStatus ?? 'connected', deviceOfflineAfterSeconds()],
  );
}

export async function recordHeartbeat(ctx: AgentContext, body: HeartbeatInput) {
  const droppedFields = takeDropped(body);
  const input = stripNul(body);
  const all = !ctx.narrowed;
  let commands: ClaimedCommand[] = [];
  let alertState: boolean | null = null;
  if (input.role === 'watchdog') {
    await watchdogBeat(ctx, input);
  } else {
    const changed =
      ctx.deviceStatus !== 'online' ||
      (input.hostname !== undefined && input.hostname !== ctx.hostname) ||
      (input.agentVersion !== undefined && input.agentVersion !== ctx.agentVersion) ||
      (input.osVersion !== undefined && input.osVersion !== ctx.osVersion);
    if (!changed) {
      // A named statement is parsed and planned once per connection, not on every beat.
      const { rows } = await dbPool().query<{ updated: number; alert_state: boolean; commands: ClaimedCommand[] }>({ name: 'agent-heartbeat', text: FAST_PATH, values: [ctx.deviceId, all, ...columns(input)] });
      if (rows[0].updated === 1) {
        commands = rows[0].commands;
        alertState = rows[0].alert_state;
      } else {
        commands = await slowPath(ctx, input, all); // went offline between lookup and update
        alertState = null;
      }
    } else {
      commands = await slowPath(ctx, input, all);
    }
    // Metric alert rules: cached rules, no query for a healthy device (see evaluate-heartbeat.ts).
    if (alertState === null) alertState = await hasAlertState(ctx.deviceId);
    await evaluateHeartbeat({ ...ctx, hostname: input.hostname ?? ctx.hostname }, input.metrics ?? {}, alertState);
  }
  return {
    heartbeatIntervalSeconds: env().AGENT_HEARTBEAT_INTERVAL_SECONDS,
    mode: ctx.narrowed ? ('offboarding' as const) : ('normal' as const),
    commands,
    droppedFields,
    serverTime: new Date().toISOString(),
  };
}

