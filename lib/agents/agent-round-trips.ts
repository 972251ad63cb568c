// The statements of the fleet's hot path, and how they share database round trips. Every beat
// costs two: the token lookup (authenticate-agent.ts) and, once the request is authenticated and
// parsed, the beat itself (record-heartbeat.ts). Under load, lookups of newly arrived requests
// and beats of requests already looked up are queued at the same moment, so they go out
// together: one coalescer takes both, and a batch holding both runs them as ONE statement (the
// beat's CTEs plus the lookup, results as one row set told apart by `kind`). A round trip was
// about a third of a beat's web CPU (the socket write waking PostgreSQL, the answer's parsing,
// the pool), and a statement has a fixed cost in PostgreSQL too. Each lookup and each beat is
// still its own fresh read and write in the statement's snapshot, exactly as when they ran apart:
// sharing a statement only saves the trip.
import { dbPool } from '@/lib/db';
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { accumulateMetricBucketsSql } from '@/lib/devices/accumulate-metric-buckets';
import { FAN_OUT_CTES } from '@/lib/webhooks/fan-out-event';

export interface AgentRow {
  id: string;
  agent_id: string;
  partner_id: string;
  org_id: string;
  site_id: string | null;
  hostname: string;
  status: string;
  agent_version: string | null;
  os_version: string | null;
  os_type: string | null;
  architecture: string | null;
  agent_update_state: string | null;
  agent_update_version: string | null;
  agent_update_at: Date | null;
  agent_revoked_at: Date | null;
  partner_status: string;
  partner_deleted: boolean;
  org_deleted: boolean;
}

/** Columns of the token lookup, in the order both statements return them. */
const AUTH_COLUMNS = `d.agent_token_hash, d.id, d.agent_id, d.partner_id, d.org_id, d.site_id, d.hostname, d.status, d.agent_version, d.os_version, d.os_type,
         d.architecture, d.agent_update_state, d.agent_update_version, d.agent_update_at,
         d.agent_revoked_at, p.status as partner_status, p.deleted_at is not null as partner_deleted,
         o.deleted_at is not null as org_deleted`;
const AUTH_FROM = 'devices d join partners p on p.id = d.partner_id join organizations o on o.id = d.org_id';

const LOOKUP = `select ${AUTH_COLUMNS} from ${AUTH_FROM} where d.agent_token_hash = any($1::text[])`;

export const CLAIM_LIMIT = 50;

export interface ClaimedCommand {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** One beat's columns (see record-heartbeat.ts `columns`). */
export interface FastBeat {
  deviceId: string;
  all: boolean;
  columns: readonly [number | null, number | null, number | null, number | null, string | null, string];
}

export interface FastResult {
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
export type BeatKind = keyof typeof HB;

// The statement for a batch of beats: $1 device ids (sorted, so concurrent batches lock rows in
// one order), $2 all commands (false: self_uninstall only), $3..$8 the heartbeat columns, one
// array element per beat. ONE statement updates the batch's device rows (HB), adds their metrics
// to their history buckets (only for rows `hb` updated, i.e. locked) and atomically claims each
// one's pending commands (pending → sent, FOR UPDATE SKIP LOCKED, so two concurrent beats can
// never both receive a command).
function beatCtes(kind: BeatKind): string {
  return `input as (
    select * from unnest($1::uuid[], $2::bool[], $3::real[], $4::real[], $5::real[], $6::bigint[], $7::text[], $8::text[])
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
  )`;
}

const BEAT_COLUMNS = `i.id::text as id, hb.id is not null as updated,
    exists(select 1 from alert_rule_states s where s.device_id = i.id) as alert_state,
    ps.heartbeat_interval_seconds as policy_interval, ps.inventory_interval_minutes as policy_inventory, ps.alert_rule_ids as policy_rules,
    coalesce((select json_agg(json_build_object('id', c.id, 'type', c.type, 'payload', c.payload,
        'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by c.created_at)
      from claimed c where c.device_id = i.id), '[]'::json) as commands`;
const BEAT_FROM = 'input i left join hb on hb.id = i.id left join device_policy_settings ps on ps.device_id = i.id';

function beatSql(kind: BeatKind): string {
  return `with ${beatCtes(kind)}
  select ${BEAT_COLUMNS} from ${BEAT_FROM}${kind === 'backOnline' ? ' cross join (select count(*) from queued) fanned_out' : ''}`;
}

// Steady beats ($1..$8) and token lookups ($9) in one statement: the beats' rows, then the
// lookups', each padded with the other's columns.
const STEADY_AND_LOOKUP = `with ${beatCtes('steady')}
  select 'beat' as kind, ${BEAT_COLUMNS},
    null::text as agent_token_hash, null::uuid as agent_id, null::uuid as partner_id, null::uuid as org_id, null::uuid as site_id,
    null::text as hostname, null::text as status, null::text as agent_version, null::text as os_version, null::text as os_type,
    null::text as architecture, null::text as agent_update_state, null::text as agent_update_version, null::timestamptz as agent_update_at,
    null::timestamptz as agent_revoked_at, null::text as partner_status, null::bool as partner_deleted, null::bool as org_deleted
  from ${BEAT_FROM}
  union all
  select 'lookup', d.id::text, null, null, null, null, null, null,
    d.agent_token_hash, d.agent_id, d.partner_id, d.org_id, d.site_id, d.hostname, d.status::text, d.agent_version, d.os_version, d.os_type::text,
    d.architecture, d.agent_update_state, d.agent_update_version, d.agent_update_at,
    d.agent_revoked_at, p.status::text, p.deleted_at is not null, o.deleted_at is not null
  from ${AUTH_FROM} where d.agent_token_hash = any($9::text[])`;

interface BeatRow {
  id: string;
  updated: boolean;
  alert_state: boolean;
  policy_interval: number | null;
  policy_inventory: number | null;
  policy_rules: string[] | null;
  commands: ClaimedCommand[];
}

type Work = { lookup: string } | { beat: FastBeat };

function beatValues(beats: FastBeat[]): unknown[] {
  const sorted = [...beats].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
  const column = (i: number) => sorted.map((b) => b.columns[i]);
  return [sorted.map((b) => b.deviceId), sorted.map((b) => b.all), column(0), column(1), column(2), column(3), column(4), column(5)];
}

function beatResult(r: BeatRow | undefined): FastResult {
  return { updated: Boolean(r?.updated), alertState: Boolean(r?.alert_state), policyInterval: r?.policy_interval ?? null, policyInventory: r?.policy_inventory ?? null, policyRules: r?.policy_rules ?? [], commands: r?.commands ?? [] };
}

async function runShared(work: Work[]): Promise<(AgentRow | FastResult | undefined)[]> {
  const hashes: string[] = [];
  const beats: FastBeat[] = [];
  for (const w of work) {
    if ('lookup' in w) hashes.push(w.lookup);
    else beats.push(w.beat);
  }
  let lookups: (AgentRow & { agent_token_hash: string })[] = [];
  let beatRows: BeatRow[] = [];
  if (beats.length === 0) {
    ({ rows: lookups } = await dbPool().query<AgentRow & { agent_token_hash: string }>({ name: 'agent-auth-batch', text: LOOKUP, values: [hashes] }));
  } else if (hashes.length === 0) {
    ({ rows: beatRows } = await dbPool().query<BeatRow>({ name: 'agent-heartbeat-batch-steady', text: beatSql('steady'), values: beatValues(beats) }));
  } else {
    const { rows } = await dbPool().query<(BeatRow & AgentRow & { kind: 'beat' | 'lookup'; agent_token_hash: string })>({ name: 'agent-heartbeat-and-auth-batch', text: STEADY_AND_LOOKUP, values: [...beatValues(beats), hashes] });
    for (const r of rows) (r.kind === 'beat' ? beatRows : lookups).push(r);
  }
  const byHash = new Map(lookups.map((r) => [r.agent_token_hash, r]));
  const byDevice = new Map(beatRows.map((r) => [r.id, r]));
  return work.map((w) => ('lookup' in w ? byHash.get(w.lookup) : beatResult(byDevice.get(w.beat.deviceId))));
}

// A device appears at most once per batch (key): its row is updated once and its commands
// claimed once. Lookups of one token may share a batch (one row answers both).
const shared = coalesceCalls<Work, AgentRow | FastResult | undefined>(runShared, {
  maxBatch: 500,
  maxInFlight: 2,
  key: (w) => ('lookup' in w ? `t:${w.lookup}` : `d:${w.beat.deviceId}`),
});

/** The device, partner and organization state behind an agent token hash (fresh, never cached). */
export function lookupAgentToken(hash: string): Promise<AgentRow | undefined> {
  return shared({ lookup: hash }) as Promise<AgentRow | undefined>;
}

const backOnline = coalesceCalls<FastBeat, FastResult>(
  async (beats) => {
    const { rows } = await dbPool().query<BeatRow>({ name: 'agent-heartbeat-batch-backOnline', text: beatSql('backOnline'), values: beatValues(beats) });
    const byDevice = new Map(rows.map((r) => [r.id, r]));
    return beats.map((b) => beatResult(byDevice.get(b.deviceId)));
  },
  { maxBatch: 500, maxInFlight: 2, key: (b) => b.deviceId },
);

/**
 * A beat of a device that was online when its token was looked up (`steady`, sharing round trips
 * with lookups) or that comes back from offline (`backOnline`, with its device.online event).
 */
export function recordBeat(kind: BeatKind, beat: FastBeat): Promise<FastResult> {
  return kind === 'steady' ? (shared({ beat }) as Promise<FastResult>) : backOnline(beat);
}
