// Policy evaluation. Which active policies apply to which device is resolved set-based in SQL
// from the assignment rows (device > group > saved filter > site > organization > partner). Server-side checks
// are decided from stored data (software inventory, posture), agent-side checks travel as one
// policy_check command per device (one pending at most, its payload refreshed), and the
// per-device compliance rows are recomputed with events on transitions only. Evaluations of one
// device are serialised by a transaction-scoped advisory lock, so several workers never race.
import { randomUUID } from 'node:crypto';
import { Prisma } from '@/lib/generated/prisma/client';
import { db, type Tx } from '@/lib/db';
import { requeuePolicyEvaluations, takeQueuedPolicyJobs, type EvaluateRequest } from '@/lib/policies/evaluation-queue';
import { emitEvents, type EmitEventInput } from '@/lib/events/emit-event';
import type { AgentCheck, PolicyCheckPayload } from '@/lib/policies/check-wire';
import { AGENT_CHECK_KINDS } from '@/lib/policies/check-wire';
import { TARGET_PRECEDENCE, type ComplianceStatus, type PolicyCheck, type PolicySettings, type ResultStatus, type TargetType } from '@/lib/policies/schemas';
import { ZFilterRules } from '@/lib/device-filters/schemas';
import { rulesSql } from '@/lib/filters/filter-devices-sql';
import { compareVersions, postureCheck, type PostureParams } from '@/lib/policies/posture-checks';
// Registers the security report's checks (security_firewall_enabled …) with the posture checks.
import '@/lib/security/posture-check-registrations';

const CHUNK = 500;
const AGENT_KINDS = new Set<string>(AGENT_CHECK_KINDS);
export const isAgentCheck = (c: PolicyCheck): c is PolicyCheck & AgentCheck => AGENT_KINDS.has(c.kind);

/** Wire id of an agent check: the policy and the check, so one command carries many policies. */
export const wireCheckId = (policyId: string, checkId: string) => `${policyId}:${checkId}`;

const PRECEDENCE_SQL = Prisma.sql`case a.target_type when 'device' then 6 when 'site' then 3 when 'organization' then 2 else 1 end`;

export interface Applicable {
  deviceId: string;
  policyId: string;
  precedence: number;
  via: TargetType;
}

const VIA = Object.fromEntries(Object.entries(TARGET_PRECEDENCE).map(([type, rank]) => [rank, type])) as Record<number, TargetType>;

/** (device, active policy) pairs with the most specific assignment, for the given devices or policies. */
export async function applicablePolicies(client: Tx | typeof db, filter: { deviceIds?: string[]; policyIds?: string[]; includeInactive?: boolean }): Promise<Applicable[]> {
  const policyFilter = filter.policyIds ? Prisma.sql`and p.id = any(${filter.policyIds}::uuid[])` : Prisma.empty;
  const deviceFilter = filter.deviceIds ? Prisma.sql`and d.id = any(${filter.deviceIds}::uuid[])` : Prisma.empty;
  const activeFilter = filter.includeInactive ? Prisma.empty : Prisma.sql`and p.active`;
  const rows = await client.$queryRaw<{ device_id: string; policy_id: string; precedence: number }[]>`
    with a as (
      select a.policy_id, a.target_type, a.target_id, p.partner_id, p.org_id as policy_org_id
      from policy_assignments a join policies p on p.id = a.policy_id
      where true ${activeFilter} ${policyFilter}
    ), hits as (
      select d.id as device_id, a.policy_id, ${PRECEDENCE_SQL} as precedence, a.policy_org_id, d.org_id, d.status, a.partner_id, d.partner_id as device_partner_id
      from a join devices d on (
           (a.target_type = 'device' and d.id = a.target_id)
        or (a.target_type = 'site' and d.site_id = a.target_id)
        or (a.target_type = 'organization' and d.org_id = a.target_id)
        or (a.target_type = 'partner' and d.partner_id = a.target_id))
      where true ${deviceFilter}
      union all
      select d.id, a.policy_id, 5, a.policy_org_id, d.org_id, d.status, a.partner_id, d.partner_id
      from a join device_group_memberships m on a.target_type = 'group' and m.group_id = a.target_id join devices d on d.id = m.device_id
      where true ${deviceFilter}
    )
    select device_id, policy_id, max(precedence)::int as precedence from hits
    where device_partner_id = partner_id and (policy_org_id is null or org_id = policy_org_id) and status not in ('uninstalled', 'decommissioned')
    group by device_id, policy_id`;
  const best = new Map<string, Applicable>();
  const add = (deviceId: string, policyId: string, precedence: number) => {
    const key = `${deviceId}:${policyId}`;
    const seen = best.get(key);
    if (!seen || seen.precedence < precedence) best.set(key, { deviceId, policyId, precedence, via: VIA[precedence] });
  };
  for (const r of rows) add(r.device_id, r.policy_id, r.precedence);
  for (const r of await filterAssignedDevices(client, filter)) add(r.deviceId, r.policyId, TARGET_PRECEDENCE.filter);
  return [...best.values()];
}

/**
 * (device, policy) pairs through saved-filter assignments: each shared filter's rules (the shared
 * grammar of lib/device-filters) as one set-based query over the policy's devices. A filter made
 * private, deleted or holding rules this version no longer accepts matches nothing.
 */
async function filterAssignedDevices(client: Tx | typeof db, filter: { deviceIds?: string[]; policyIds?: string[]; includeInactive?: boolean }): Promise<{ deviceId: string; policyId: string }[]> {
  const targets = await client.$queryRaw<{ policy_id: string; partner_id: string; policy_org_id: string | null; rules: unknown; filter_org_id: string | null }[]>`
    select a.policy_id, p.partner_id, p.org_id as policy_org_id, f.rules, f.org_id as filter_org_id
    from policy_assignments a join policies p on p.id = a.policy_id
    join saved_filters f on f.id = a.target_id and f.partner_id = p.partner_id and f.visibility = 'shared'
    where a.target_type = 'filter' ${filter.includeInactive ? Prisma.empty : Prisma.sql`and p.active`}
      ${filter.policyIds ? Prisma.sql`and p.id = any(${filter.policyIds}::uuid[])` : Prisma.empty}`;
  const out: { deviceId: string; policyId: string }[] = [];
  for (const t of targets) {
    const rules = ZFilterRules.safeParse(t.rules);
    if (!rules.success) continue;
    const rows = await client.$queryRaw<{ id: string }[]>`
      select d.id from devices d
      where d.partner_id = ${t.partner_id}::uuid and d.status not in ('uninstalled', 'decommissioned')
        ${t.policy_org_id ? Prisma.sql`and d.org_id = ${t.policy_org_id}::uuid` : Prisma.empty}
        ${filter.deviceIds ? Prisma.sql`and d.id = any(${filter.deviceIds}::uuid[])` : Prisma.empty}
        and ${rulesSql(rules.data, t.filter_org_id)}`;
    for (const r of rows) out.push({ deviceId: r.id, policyId: t.policy_id });
  }
  return out;
}

/** Devices a policy (or any of several) applies to now, or has current results for. */
export async function policyDeviceIds(tx: Tx, policyId: string | string[]): Promise<string[]> {
  const policyIds = typeof policyId === 'string' ? [policyId] : policyId;
  const applied = await applicablePolicies(tx, { policyIds, includeInactive: true });
  const stored = await tx.devicePolicyCompliance.findMany({ where: { policyId: { in: policyIds } }, select: { deviceId: true } });
  return [...new Set([...applied.map((a) => a.deviceId), ...stored.map((s) => s.deviceId)])];
}

/**
 * The worker task: one policy's devices (plus those named), the named devices, or every device
 * under an active policy. A policy's run takes over the policy runs queued behind it for the same
 * partner (their policies' devices and checks join this run); should it fail, they are queued again.
 */
export async function runPolicyEvaluation(req: EvaluateRequest): Promise<{ devices: number }> {
  let deviceIds: string[];
  let onlyPolicyIds: string[] | undefined;
  const taken = req.policyId ? await takeQueuedPolicyJobs(req.policyId) : [];
  try {
    if (!req.policyId && !req.deviceIds) {
      // Devices under an active policy, plus those with current rows of one that no longer applies.
      const all = await applicablePolicies(db, {});
      const stored = await db.devicePolicyCompliance.findMany({ where: { policy: { active: true } }, select: { deviceId: true }, distinct: ['deviceId'] });
      // And devices holding effective settings, so settings of a policy that no longer applies go.
      const settled = await db.devicePolicySettings.findMany({ select: { deviceId: true } });
      deviceIds = [...new Set([...all.map((a) => a.deviceId), ...stored.map((s) => s.deviceId), ...settled.map((s) => s.deviceId)])];
    } else {
      const runs = [req, ...taken];
      const policyIds = req.policyId ? [...new Set(runs.map((r) => r.policyId!))] : undefined;
      const fromPolicies = policyIds ? await db.$transaction((tx) => policyDeviceIds(tx, policyIds)) : [];
      deviceIds = [...new Set([...fromPolicies, ...runs.flatMap((r) => r.deviceIds ?? [])])];
      onlyPolicyIds = policyIds;
    }
    deviceIds.sort();
    for (let i = 0; i < deviceIds.length; i += CHUNK) {
      const chunk = deviceIds.slice(i, i + CHUNK);
      await db.$transaction((tx) => evaluateDevices(tx, chunk, onlyPolicyIds), { timeout: 120_000 });
    }
  } catch (error) {
    if (taken.length) await db.$transaction((tx) => requeuePolicyEvaluations(tx, taken));
    throw error;
  }
  return { devices: deviceIds.length };
}

/** Serialises evaluations and agent results of these devices until the transaction ends. */
export async function lockDevicesForPolicies(tx: Tx, deviceIds: string[]): Promise<void> {
  await tx.$queryRaw`select count(pg_advisory_xact_lock(hashtextextended('policy-eval:' || s.id::text, 0)))::int as n
    from (select id from unnest(${deviceIds}::uuid[]) as id order by id) s`;
}

export interface ResultRow {
  deviceId: string;
  policyId: string;
  checkId: string;
  partnerId: string;
  orgId: string;
  status: ResultStatus;
  detail: string | null;
}

/**
 * Evaluates the devices. With `onlyPolicyIds` (a change of those policies) the server-side checks
 * of the other policies keep their stored results instead of being decided again: one policy's
 * change costs that policy's checks, not every policy's. Settings, agent checks (one command
 * carries all of a device's) and the removal of policies that no longer apply still cover all.
 */
export async function evaluateDevices(tx: Tx, deviceIds: string[], onlyPolicyIds?: string[]): Promise<void> {
  await lockDevicesForPolicies(tx, deviceIds);
  const pairs = await applicablePolicies(tx, { deviceIds });
  const devices = await tx.device.findMany({ where: { id: { in: deviceIds } }, select: { id: true, partnerId: true, orgId: true, hostname: true, status: true } });
  const deviceOf = new Map(devices.map((d) => [d.id, d]));
  const policies = await tx.policy.findMany({ where: { id: { in: [...new Set(pairs.map((p) => p.policyId))] } }, select: { id: true, checks: true, settings: true, updatedAt: true } });
  const checksOf = new Map(policies.map((p) => [p.id, p.checks as PolicyCheck[]]));
  await storeAgentSettings(tx, deviceIds, pairs, policies);

  // Current state of devices no longer under an active policy goes (history stays); results of
  // deactivated policies are kept frozen as they were.
  const keep = pairs.map((p) => `${p.deviceId}:${p.policyId}`);
  await tx.$executeRaw`delete from device_policy_compliance c using policies p
    where p.id = c.policy_id and p.active and c.device_id = any(${deviceIds}::uuid[]) and (c.device_id::text || ':' || c.policy_id::text) <> all(${keep}::text[])`;
  await tx.$executeRaw`delete from device_policy_results r using policies p
    where p.id = r.policy_id and p.active and r.device_id = any(${deviceIds}::uuid[]) and (r.device_id::text || ':' || r.policy_id::text) <> all(${keep}::text[])`;

  const serverRows: ResultRow[] = [];
  const pendingRows: ResultRow[] = [];
  const agentChecks = new Map<string, AgentCheck[]>();
  // Per check: the devices it runs on, so each server-side check is one query for all of them.
  const byCheck = new Map<string, { policyId: string; check: PolicyCheck; deviceIds: string[] }>();
  for (const pair of pairs) {
    const device = deviceOf.get(pair.deviceId);
    if (!device) continue;
    for (const check of checksOf.get(pair.policyId) ?? []) {
      if (isAgentCheck(check)) {
        const list = agentChecks.get(device.id) ?? [];
        list.push({ ...check, id: wireCheckId(pair.policyId, check.id) } as AgentCheck);
        agentChecks.set(device.id, list);
        pendingRows.push({ deviceId: device.id, policyId: pair.policyId, checkId: check.id, partnerId: device.partnerId, orgId: device.orgId, status: 'pending', detail: 'Waiting for the agent' });
      } else if (!onlyPolicyIds || onlyPolicyIds.includes(pair.policyId)) {
        const key = `${pair.policyId}:${check.id}`;
        const entry = byCheck.get(key) ?? { policyId: pair.policyId, check, deviceIds: [] };
        entry.deviceIds.push(device.id);
        byCheck.set(key, entry);
      }
    }
  }
  for (const { policyId, check, deviceIds: ids } of byCheck.values()) {
    const outcomes = await serverCheck(tx, check, ids);
    for (const id of ids) {
      const d = deviceOf.get(id)!;
      const o = outcomes.get(id) ?? { status: 'error' as const, detail: 'No result for this device' };
      serverRows.push({ deviceId: id, policyId, checkId: check.id, partnerId: d.partnerId, orgId: d.orgId, status: o.status, detail: o.detail });
    }
  }
  await upsertResults(tx, serverRows, 'replace');
  // An agent check keeps its last answer until the next one arrives; new ones start pending.
  await upsertResults(tx, pendingRows, 'insert_only');
  await queuePolicyChecks(tx, devices.filter((d) => agentChecks.has(d.id)), agentChecks);
  // Devices without agent checks have nothing to wait for: any stale pending command goes.
  const noAgent = devices.filter((d) => !agentChecks.has(d.id)).map((d) => d.id);
  if (noAgent.length) await tx.deviceCommand.updateMany({ where: { deviceId: { in: noAgent }, type: 'policy_check', status: 'pending' }, data: { status: 'cancelled', dedupeKey: null, completedAt: new Date() } });
  await recomputeCompliance(tx, deviceIds, onlyPolicyIds);
}

/**
 * The effective settings of each device (device_policy_settings), for the readers that enforce
 * them without resolving policies: the heartbeat answer (intervals), alert rule evaluation
 * (alertRuleIds), patch policies (patchPolicyId) and maintenance windows (maintenanceWindowId).
 */
async function storeAgentSettings(tx: Tx, deviceIds: string[], pairs: Applicable[], policies: { id: string; settings: unknown; updatedAt: Date }[]): Promise<void> {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const byDevice = new Map<string, Applicable[]>();
  for (const p of pairs) if (byId.has(p.policyId)) byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p]);
  const rows: { deviceId: string; hb: number | null; inv: number | null; rules: string[]; patch: string | null; window: string | null }[] = [];
  for (const deviceId of deviceIds) {
    const ranked = (byDevice.get(deviceId) ?? []).sort(
      (a, b) => b.precedence - a.precedence || byId.get(b.policyId)!.updatedAt.getTime() - byId.get(a.policyId)!.updatedAt.getTime() || a.policyId.localeCompare(b.policyId),
    );
    const pick = <K extends keyof PolicySettings>(key: K): NonNullable<PolicySettings[K]> | null => {
      for (const p of ranked) {
        const v = (byId.get(p.policyId)!.settings as PolicySettings)[key];
        if (v !== undefined && v !== null) return v;
      }
      return null;
    };
    rows.push({ deviceId, hb: pick('heartbeatIntervalSeconds'), inv: pick('inventoryIntervalMinutes'), rules: pick('alertRuleIds') ?? [], patch: pick('patchPolicyId'), window: pick('maintenanceWindowId') });
  }
  const isEmpty = (r: (typeof rows)[number]) => r.hb === null && r.inv === null && r.rules.length === 0 && r.patch === null && r.window === null;
  const set = rows.filter((r) => !isEmpty(r));
  const cleared = rows.filter(isEmpty).map((r) => r.deviceId);
  if (cleared.length) await tx.devicePolicySettings.deleteMany({ where: { deviceId: { in: cleared } } });
  if (!set.length) return;
  // Rule ids travel as one text per device (unnest cannot take an array of arrays of varying length).
  await tx.$executeRaw`
    insert into device_policy_settings (device_id, heartbeat_interval_seconds, inventory_interval_minutes, alert_rule_ids, patch_policy_id, maintenance_window_id, updated_at)
    select t.device_id, t.hb, t.inv, coalesce(string_to_array(nullif(t.rules, ''), ',')::uuid[], '{}'), t.patch, t.win, now()
    from unnest(${set.map((r) => r.deviceId)}::uuid[], ${set.map((r) => r.hb)}::int[], ${set.map((r) => r.inv)}::int[], ${set.map((r) => r.rules.join(','))}::text[],
      ${set.map((r) => r.patch)}::uuid[], ${set.map((r) => r.window)}::uuid[]) as t(device_id, hb, inv, rules, patch, win)
    on conflict (device_id) do update set heartbeat_interval_seconds = excluded.heartbeat_interval_seconds, inventory_interval_minutes = excluded.inventory_interval_minutes,
      alert_rule_ids = excluded.alert_rule_ids, patch_policy_id = excluded.patch_policy_id, maintenance_window_id = excluded.maintenance_window_id, updated_at = now()
    where device_policy_settings.heartbeat_interval_seconds is distinct from excluded.heartbeat_interval_seconds
       or device_policy_settings.inventory_interval_minutes is distinct from excluded.inventory_interval_minutes
       or device_policy_settings.alert_rule_ids is distinct from excluded.alert_rule_ids
       or device_policy_settings.patch_policy_id is distinct from excluded.patch_policy_id
       or device_policy_settings.maintenance_window_id is distinct from excluded.maintenance_window_id`;
}

async function serverCheck(tx: Tx, check: PolicyCheck, deviceIds: string[]): Promise<Map<string, { status: Exclude<ResultStatus, 'pending'>; detail: string }>> {
  const out = new Map<string, { status: Exclude<ResultStatus, 'pending'>; detail: string }>();
  if (check.kind === 'software_required' || check.kind === 'software_forbidden') {
    const rows = await tx.$queryRaw<{ device_id: string; name: string; version: string | null }[]>`
      select device_id, name, version from device_software where device_id = any(${deviceIds}::uuid[]) and lower(name) = lower(${check.name})`;
    const constraint = check.version;
    const matches = (v: string | null) => {
      if (!constraint) return true;
      if (!v) return false;
      const c = compareVersions(v, constraint.version);
      return { '=': c === 0, '>=': c >= 0, '>': c > 0, '<=': c <= 0, '<': c < 0 }[constraint.op];
    };
    const label = `${check.name}${constraint ? ` ${constraint.op} ${constraint.version}` : ''}`;
    for (const id of deviceIds) {
      const installed = rows.filter((r) => r.device_id === id);
      const hit = installed.find((r) => matches(r.version));
      const seen = installed.map((r) => `${r.name} ${r.version ?? ''}`.trim()).join(', ');
      if (check.kind === 'software_required') {
        out.set(id, hit ? { status: 'pass', detail: `Installed: ${seen}` } : { status: 'fail', detail: installed.length ? `${label} required; installed: ${seen}` : `${label} is not installed` });
      } else {
        out.set(id, hit ? { status: 'fail', detail: `Forbidden software installed: ${seen}` } : { status: 'pass', detail: `${label} is not installed` });
      }
    }
    return out;
  }
  if (check.kind === 'security_posture') {
    const fn = postureCheck(check.key);
    if (!fn) {
      for (const id of deviceIds) out.set(id, { status: 'unsupported', detail: `Unknown posture check ${check.key}` });
      return out;
    }
    return fn(tx, deviceIds, check.params as PostureParams);
  }
  return out;
}

/** Upserts current results and records each status change in the history, in one statement. */
export async function upsertResults(tx: Tx, rows: ResultRow[], mode: 'replace' | 'insert_only'): Promise<void> {
  if (!rows.length) return;
  const col = <K extends keyof ResultRow>(k: K) => rows.map((r) => r[k]);
  const conflict =
    mode === 'replace'
      ? Prisma.sql`do update set status = excluded.status, detail = excluded.detail, evaluated_at = now(), org_id = excluded.org_id,
          changed_at = case when device_policy_results.status is distinct from excluded.status then now() else device_policy_results.changed_at end`
      : Prisma.sql`do nothing`;
  await tx.$executeRaw`
    with input as (
      select * from unnest(${col('deviceId')}::uuid[], ${col('policyId')}::uuid[], ${col('checkId')}::text[], ${col('partnerId')}::uuid[], ${col('orgId')}::uuid[], ${col('status')}::text[], ${col('detail')}::text[])
        as t(device_id, policy_id, check_id, partner_id, org_id, status, detail)
    ), prev as (
      select r.device_id, r.policy_id, r.check_id, r.status from device_policy_results r join input i using (device_id, policy_id, check_id)
    ), up as (
      insert into device_policy_results (device_id, policy_id, check_id, partner_id, org_id, status, detail, evaluated_at, changed_at)
      select device_id, policy_id, check_id, partner_id, org_id, status, left(detail, 4000), now(), now() from input
      on conflict (device_id, policy_id, check_id) ${conflict}
      returning device_id, policy_id, check_id, partner_id, org_id, status, detail
    )
    insert into device_policy_result_history (id, device_id, policy_id, check_id, partner_id, org_id, from_status, to_status, detail)
    select gen_random_uuid(), up.device_id, up.policy_id, up.check_id, up.partner_id, up.org_id, prev.status, up.status, up.detail
    from up left join prev using (device_id, policy_id, check_id) where prev.status is distinct from up.status`;
}

/** One pending policy_check per device: a new one, or the pending one with a fresh payload. */
async function queuePolicyChecks(tx: Tx, devices: { id: string; partnerId: string; orgId: string; status: string }[], checks: Map<string, AgentCheck[]>): Promise<void> {
  const targets = devices.filter((d) => d.status !== 'pending');
  if (!targets.length) return;
  const payloads = targets.map((d) => JSON.stringify({ evaluationId: randomUUID(), checks: checks.get(d.id)!.slice(0, 200) } satisfies PolicyCheckPayload));
  await tx.$executeRaw`
    insert into device_commands (id, partner_id, org_id, device_id, type, payload, status, dedupe_key, source)
    select gen_random_uuid(), t.partner_id, t.org_id, t.device_id, 'policy_check', t.payload::jsonb, 'pending', 'policy_check', 'policy'
    from unnest(${targets.map((d) => d.partnerId)}::uuid[], ${targets.map((d) => d.orgId)}::uuid[], ${targets.map((d) => d.id)}::uuid[], ${payloads}::text[]) as t(partner_id, org_id, device_id, payload)
    on conflict (device_id, dedupe_key) do update set payload = excluded.payload`;
}

/**
 * Recomputes device × policy compliance from the current results (active policies only) and
 * emits policy.evaluated for each, policy.violation when a device falls out and policy.compliant
 * when it comes back.
 */
export async function recomputeCompliance(tx: Tx, deviceIds: string[], policyIds?: string[]): Promise<void> {
  const policyFilter = policyIds ? Prisma.sql`and r.policy_id = any(${policyIds}::uuid[])` : Prisma.empty;
  const rows = await tx.$queryRaw<{ device_id: string; policy_id: string; partner_id: string; org_id: string; status: ComplianceStatus; prev_status: ComplianceStatus | null; failed: string[]; pass: number; fail: number; error: number; unsupported: number; pending: number }[]>`
    with agg as (
      select r.device_id, r.policy_id, min(r.partner_id::text)::uuid as partner_id, min(r.org_id::text)::uuid as org_id,
        case when bool_or(r.status in ('fail', 'error')) then 'non_compliant' when bool_or(r.status = 'pending') then 'pending' else 'compliant' end as status,
        coalesce(array_agg(r.check_id order by r.check_id) filter (where r.status in ('fail', 'error')), '{}') as failed,
        count(*) filter (where r.status = 'pass')::int as pass, count(*) filter (where r.status = 'fail')::int as fail,
        count(*) filter (where r.status = 'error')::int as error, count(*) filter (where r.status = 'unsupported')::int as unsupported,
        count(*) filter (where r.status = 'pending')::int as pending
      from device_policy_results r join policies p on p.id = r.policy_id and p.active
      where r.device_id = any(${deviceIds}::uuid[]) ${policyFilter}
      group by r.device_id, r.policy_id
    ), prev as (
      select c.device_id, c.policy_id, c.status from device_policy_compliance c join agg using (device_id, policy_id)
    ), up as (
      insert into device_policy_compliance (device_id, policy_id, partner_id, org_id, status, last_evaluated_at, changed_at)
      select device_id, policy_id, partner_id, org_id, status, now(), now() from agg
      on conflict (device_id, policy_id) do update set status = excluded.status, org_id = excluded.org_id, last_evaluated_at = now(),
        changed_at = case when device_policy_compliance.status is distinct from excluded.status then now() else device_policy_compliance.changed_at end
      returning device_id, policy_id
    )
    select agg.*, prev.status as prev_status from agg join up using (device_id, policy_id) left join prev using (device_id, policy_id)`;
  // Compliance rows whose policy has no results left (its checks were removed) go.
  await tx.$executeRaw`delete from device_policy_compliance c using policies p where p.id = c.policy_id and p.active and c.device_id = any(${deviceIds}::uuid[])
    and not exists (select 1 from device_policy_results r where r.device_id = c.device_id and r.policy_id = c.policy_id)`;
  if (!rows.length) return;
  const names = new Map((await tx.policy.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.policy_id))] } }, select: { id: true, name: true } })).map((p) => [p.id, p.name]));
  const hosts = new Map((await tx.device.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.device_id))] } }, select: { id: true, hostname: true } })).map((d) => [d.id, d.hostname]));
  const events: EmitEventInput[] = [];
  for (const r of rows) {
    const data = {
      policyId: r.policy_id,
      policyName: names.get(r.policy_id) ?? null,
      deviceId: r.device_id,
      hostname: hosts.get(r.device_id) ?? null,
      status: r.status,
      previousStatus: r.prev_status,
      failedChecks: r.failed,
      checks: { pass: r.pass, fail: r.fail, error: r.error, unsupported: r.unsupported, pending: r.pending },
    };
    events.push({ type: 'policy.evaluated', partnerId: r.partner_id, orgId: r.org_id, data });
    if (r.status === 'non_compliant' && r.prev_status !== 'non_compliant') events.push({ type: 'policy.violation', partnerId: r.partner_id, orgId: r.org_id, data });
    if (r.status === 'compliant' && r.prev_status === 'non_compliant') events.push({ type: 'policy.compliant', partnerId: r.partner_id, orgId: r.org_id, data });
  }
  await emitEvents(tx, events);
}
