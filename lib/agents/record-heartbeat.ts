// POST /agents/:agentId/heartbeat. The hot path of the service (the fleet beats every interval):
// after the token lookup it is ONE statement — update the device row and atomically claim its
// pending commands — shared by every beat in flight at the same moment, and with the token
// lookups of requests just arrived (agent-round-trips.ts), so a burst of beats costs one round
// trip, not two each. The same statement adds each beat's
// metrics to the device's 5-minute history bucket. A device coming back online (a whole fleet
// after an outage) shares a statement of the same kind that also records its device.online
// event and webhook deliveries. Other changes (hostname, versions) take a transactional path.
import type { z } from 'zod';
import { db, dbPool, type Tx } from '@/lib/db';
import { deviceOfflineAfterSeconds } from '@/lib/env';
import { heartbeatIntervalFor, inventoryIntervalFor } from '@/lib/policies/agent-interval';
import type { AgentContext } from '@/lib/auth/context';
import { emitEvent } from '@/lib/events/emit-event';
import { ZHeartbeatBody } from '@/lib/agents/schemas';
import { takeDropped } from '@/lib/agents/tolerant';
import { CLAIM_LIMIT, recordBeat, type ClaimedCommand } from '@/lib/agents/agent-round-trips';
import { evaluateHeartbeat } from '@/lib/alerts/evaluation/evaluate-heartbeat';
import { accumulateMetricBucketsSql } from '@/lib/devices/accumulate-metric-buckets';
import { Prisma } from '@/lib/generated/prisma/client';
import { updateOfferFor } from '@/lib/agent-releases/update-offer';

type HeartbeatInput = z.output<typeof ZHeartbeatBody>;

function columns(input: HeartbeatInput) {
  const { cpuPercent, memoryPercent, diskPercent, ...extra } = input.metrics ?? {};
  return [
    cpuPercent ?? null,
    memoryPercent ?? null,
    diskPercent ?? null,
    input.uptimeSeconds ?? null,
    input.loggedInUser ?? null,
    JSON.stringify(extra),
  ] as const;
}

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

const SLOW_PATH_HISTORY = Prisma.raw(accumulateMetricBucketsSql('upd s'));

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
      with upd as (
        update devices set status = 'online', last_seen_at = now(), cpu_percent = ${cpu}, memory_percent = ${mem}, disk_percent = ${disk},
          uptime_seconds = ${uptime}, last_user = ${user}, metrics = ${metrics}::jsonb, main_agent_silent_since = null,
          hostname = ${hostname}, agent_version = ${agentVersion}, os_version = ${osVersion}, updated_at = now()
        where id = ${ctx.deviceId}::uuid
        returning id, last_seen_at, cpu_percent as cpu, memory_percent as mem, disk_percent as disk
      ), history as (${SLOW_PATH_HISTORY})
      select last_seen_at from upd`;
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

/** The slow path's probe of the intervals the device's effective policy sets. */
async function policyIntervalOf(deviceId: string): Promise<{ hb: number | null; inv: number | null; rules: string[] }> {
  const { rows } = await dbPool().query<{ hb: number | null; inv: number | null; rules: string[] }>(
    'select heartbeat_interval_seconds as hb, inventory_interval_minutes as inv, alert_rule_ids as rules from device_policy_settings where device_id = $1',
    [deviceId],
  );
  return { hb: rows[0]?.hb ?? null, inv: rows[0]?.inv ?? null, rules: rows[0]?.rules ?? [] };
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
  // The body is already storable text: the route cleans it (cleanText) before parsing.
  const droppedFields = takeDropped(body);
  const input = body;
  const all = !ctx.narrowed;
  let commands: ClaimedCommand[] = [];
  let alertState: boolean | null = null;
  let policyInterval: number | null = null;
  let policyInventory: number | null = null;
  let policyRules: string[];
  let update: Awaited<ReturnType<typeof updateOfferFor>>;
  if (input.role === 'watchdog') {
    await watchdogBeat(ctx, input);
  } else {
    const renamed =
      (input.hostname !== undefined && input.hostname !== ctx.hostname) ||
      (input.agentVersion !== undefined && input.agentVersion !== ctx.agentVersion) ||
      (input.osVersion !== undefined && input.osVersion !== ctx.osVersion);
    if (!renamed) {
      // Online: the shared steady statement; back from offline: the shared back-online one.
      const result = await recordBeat(ctx.deviceStatus === 'online' ? 'steady' : 'backOnline', { deviceId: ctx.deviceId, all, columns: columns(input) });
      if (result.updated) {
        commands = result.commands;
        alertState = result.alertState;
        policyInterval = result.policyInterval;
        policyInventory = result.policyInventory;
        policyRules = result.policyRules;
      } else {
        commands = await slowPath(ctx, input, all); // its status changed between lookup and update
        alertState = null;
        ({ hb: policyInterval, inv: policyInventory, rules: policyRules } = await policyIntervalOf(ctx.deviceId));
      }
    } else {
      commands = await slowPath(ctx, input, all);
      ({ hb: policyInterval, inv: policyInventory, rules: policyRules } = await policyIntervalOf(ctx.deviceId));
    }
    // Metric alert rules: cached rules, no query for a healthy device (see evaluate-heartbeat.ts).
    if (alertState === null) alertState = await hasAlertState(ctx.deviceId);
    await evaluateHeartbeat({ ...ctx, hostname: input.hostname ?? ctx.hostname }, input.metrics ?? {}, alertState, policyRules);
    // The self-update offer: the cached promoted release, no query for an up-to-date agent.
    update = await updateOfferFor(ctx, input.agentVersion);
  }
  return {
    heartbeatIntervalSeconds: heartbeatIntervalFor(policyInterval),
    inventoryIntervalMinutes: inventoryIntervalFor(policyInventory),
    mode: ctx.narrowed ? ('offboarding' as const) : ('normal' as const),
    commands,
    droppedFields,
    serverTime: new Date().toISOString(),
    ...(update ? { update } : {}),
  };
}

