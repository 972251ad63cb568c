// POST /agents/:agentId/heartbeat. The hot path of the service (the fleet beats every interval):
// after the token lookup it is ONE statement — update the device row and atomically claim its
// pending commands — shared by every beat in flight at the same moment (coalesceCalls), so a
// burst of beats costs one round trip, not one each. The same statement adds each beat's
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
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { batchArrayParams } from '@/lib/batching/batch-params';
import { evaluateHeartbeat } from '@/lib/alerts/evaluation/evaluate-heartbeat';
import { accumulateMetricBucketsSql } from '@/lib/devices/accumulate-metric-buckets';
import { FAN_OUT_CTES } from '@/lib/webhooks/fan-out-event';
import { Prisma } from '@/lib/generated/prisma/client';
import { updateOfferFor } from '@/lib/agent-releases/update-offer';

type HeartbeatInput = z.output<typeof ZHeartbeatBody>;
const CLAIM_LIMIT = 50;

interface ClaimedCommand {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

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

const SET_BEAT = `last_seen_at = now(), cpu_percent = i.cpu, memory_percent = i.mem, disk_percent = i.disk,
      uptime_seconds = i.uptime, last_user = i.last_user, metrics = i.metrics::jsonb, main_agent_silent_since = null`;

// How `hb` finds and updates its rows, per kind of batch:
// - steady: every device row that is still online;
// - back online: every device that is offline (or pending, never seen) is set online, locked in
//   id order first to read its previous status, and records its device.online event, fanned out
//   to webhooks in the same statement (a fleet reconnecting after an outage beats on this path).
const HB = {
  steady: `hb as (
    update devices d set ${SET_BEAT}
    from input i
    where d.id = i.id and d.status = 'online'
    returning d.id
  )`,
  backOnline: `old as (
    select d.id, d.status, d.hostname, d.partner_id, d.org_id from devices d
    where d.id in (select id from input) and d.status not in ('online', 'decommissioned', 'uninstalled')
    order by d.id
    for update
  ), hb as (
    update devices d set status = 'online', updated_at = now(), ${SET_BEAT}
    from input i join old o on o.id = i.id
    where d.id = i.id
    returning d.id, d.last_seen_at
  ), ev as (
    insert into events (id, type, partner_id, org_id, data)
    select gen_random_uuid(), 'device.online', o.partner_id, o.org_id, jsonb_build_object('deviceId', o.id, 'hostname', o.hostname,
      'lastSeen', to_char(hb.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'previousStatus', o.status)
    from hb join old o on o.id = hb.id
    returning id, type, org_id, created_at, data
  ), ${FAN_OUT_CTES}`,
};

// The statement for a batch of beats (see coalesceCalls; its arrays are written so that its plan
// is reused, see batch-params.ts): $1 device ids (sorted, so concurrent
// batches lock rows in one order), $2 all commands (false: self_uninstall only), $3..$8 the
// heartbeat columns, one array element per beat. ONE statement updates the batch's device rows
// (HB), adds their metrics to their history buckets (only for rows `hb` updated, i.e. locked)
// and atomically claims each one's pending commands (pending → sent, FOR UPDATE SKIP LOCKED, so
// two concurrent beats can never both receive a command).
function beatBatchSql(kind: keyof typeof HB): string {
  return `
  with input as (
    select * from unnest(${batchArrayParams(['uuid[]', 'bool[]', 'real[]', 'real[]', 'real[]', 'bigint[]', 'text[]', 'text[]'])})
      as t(id, all_commands, cpu, mem, disk, uptime, last_user, metrics)
  ), ${HB[kind]}, history as (${accumulateMetricBucketsSql('(select i.id, i.cpu, i.mem, i.disk from hb join input i on i.id = hb.id order by i.id) s')}
  ), claimed as (
    update device_commands c set status = 'sent', sent_at = now(), dedupe_key = null
    where c.id in (
      select p.id from input i join hb on hb.id = i.id
      cross join lateral (
        select id from device_commands
        where device_id = i.id and status = 'pending' and (i.all_commands or type = 'self_uninstall')
        order by created_at limit ${CLAIM_LIMIT}
        for update skip locked) p)
    returning c.id, c.device_id, c.type, c.payload, c.created_at
  )
  select i.id::text as id, hb.id is not null as updated,
    exists(select 1 from alert_rule_states s where s.device_id = i.id) as alert_state,
    ps.heartbeat_interval_seconds as policy_interval, ps.inventory_interval_minutes as policy_inventory, ps.alert_rule_ids as policy_rules,
    coalesce((select json_agg(json_build_object('id', c.id, 'type', c.type, 'payload', c.payload,
        'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by c.created_at)
      from claimed c where c.device_id = i.id), '[]'::json) as commands
  from input i left join hb on hb.id = i.id left join device_policy_settings ps on ps.device_id = i.id${kind === 'backOnline' ? ' cross join (select count(*) from queued) fanned_out' : ''}`;
}

interface FastBeat {
  deviceId: string;
  all: boolean;
  columns: ReturnType<typeof columns>;
}

interface FastResult {
  updated: boolean;
  /** Whether the device has any alert-rule breach state (see evaluate-heartbeat.ts). */
  alertState: boolean;
  /** The heartbeat interval the device's effective policy sets, if any. */
  policyInterval: number | null;
  /** The inventory interval (minutes) the device's effective policy sets, if any. */
  policyInventory: number | null;
  /** The alert rules the device's effective policy names. */
  policyRules: string[];
  commands: ClaimedCommand[];
}

// A device appears at most once per batch (key): its row is updated once and its commands
// claimed once.
function beatBatches(kind: keyof typeof HB) {
  const text = beatBatchSql(kind);
  const name = `agent-heartbeat-batch-${kind}`;
  return coalesceCalls<FastBeat, FastResult>(
    async (beats) => {
      const sorted = [...beats].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
      const column = (i: number) => sorted.map((b) => b.columns[i]);
      const { rows } = await dbPool().query<{ id: string; updated: boolean; alert_state: boolean; policy_interval: number | null; policy_inventory: number | null; policy_rules: string[] | null; commands: ClaimedCommand[] }>({
        name,
        text,
        values: [sorted.map((b) => b.deviceId), sorted.map((b) => b.all), column(0), column(1), column(2), column(3), column(4), column(5)],
      });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return beats.map((b) => {
        const r = byId.get(b.deviceId);
        return { updated: Boolean(r?.updated), alertState: Boolean(r?.alert_state), policyInterval: r?.policy_interval ?? null, policyInventory: r?.policy_inventory ?? null, policyRules: r?.policy_rules ?? [], commands: r?.commands ?? [] };
      });
    },
    { maxBatch: 500, maxInFlight: 2, key: (b) => b.deviceId },
  );
}

const steadyBeat = beatBatches('steady');
const backOnlineBeat = beatBatches('backOnline');

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
      const batch = ctx.deviceStatus === 'online' ? steadyBeat : backOnlineBeat;
      const result = await batch({ deviceId: ctx.deviceId, all, columns: columns(input) });
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

