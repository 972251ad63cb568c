// PUT /agents/:agentId/patches: what a scan found on the agent's device. The report's manager
// fixes its patch source (apt/dnf linux, windows_update os_vendor_a, …) and must run on the
// device's OS. Catalogue rows are created once per source, package and version; the device's
// rows of that source follow the report, rows of other sources are left alone (new ones are
// `available`, ones no longer listed are `installed`, or `superseded` when a later version of
// the package is listed); each organization gets a pending approval for a patch it has not
// decided yet; `patch.available` fires for every patch new on the device.
//
// Set-based and short: reports arriving together share a batch (coalesceCalls), and a batch is
// at most two statements, each its own transaction — one creates the catalogue rows no device
// had yet, the next (which sees them) does everything else for every device of the batch. A
// scan with the same digest as the device's last one, while the device's rows are still as
// that scan left them, would change nothing: the first statement finds that out and the second
// is not run for it.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { dbPool } from '@/lib/db';
import type { AgentContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { FAN_OUT_CTES } from '@/lib/webhooks/fan-out-event';
import type { ZPatchReport } from '@/lib/patches/schemas';
import { managerFitsOs, osTypesOfManager, sourceOfManager } from '@/lib/patches/patch-managers';

type Report = z.output<typeof ZPatchReport>;
type Update = Report['updates'][number];

export interface PatchReportResult {
  available: number;
  new: number;
  resolved: number;
}

interface Upload {
  deviceId: string;
  partnerId: string;
  orgId: string;
  hostname: string;
  source: string;
  digest: string;
  updates: Update[];
}

// Reports larger than this run in a batch of their own (a batch's arrays stay small).
const ALONE_ABOVE = 1000;

/** The same report of a source (in any order, duplicates dropped) always has the same digest. */
function digestOf(source: string, updates: Update[]): string {
  const canonical = updates
    .map((u) => [u.name, u.version, u.installedVersion, u.origin ?? null, u.severity, [...u.cveIds].sort(), u.description ?? null, u.vendor ?? null, u.releasedAt ?? null])
    .sort((a, b) => (a[0] === b[0] ? ((a[1] as string) < (b[1] as string) ? -1 : 1) : (a[0] as string) < (b[0] as string) ? -1 : 1));
  return createHash('sha256').update(JSON.stringify([source, canonical])).digest('hex');
}

// Statement 1. `r`: the batch's reports ($1 device, $2 organization, $3 digest, $13 source),
// numbered n. `state`: whether each report is unchanged — same digest (which covers the source)
// and organization as the device's last stored scan, and the device's rows still as that scan
// left them (as many, none written since). `added`: catalogue rows for the changed reports'
// updates ($4.. one element per update, $12 its report's n, $14 release time), one per source,
// package and version (the first report's fields win), in key order so concurrent batches
// insert shared keys in the same order.
const CATALOGUE_SQL = `
  with r as (
    select * from unnest($1::uuid[], $2::uuid[], $3::text[], $13::"PatchSource"[]) with ordinality as t(device_id, org_id, digest, source, n)
  ), state as (
    select r.n, r.source, coalesce(s.digest = r.digest and s.org_id = r.org_id and now_rows.n = s.rows
      and now_rows.changed_at is not distinct from s.changed_at, false) as unchanged
    from r
    left join device_patch_scans s on s.device_id = r.device_id
    cross join lateral (select count(*)::int as n, max(dp.updated_at) as changed_at from device_patches dp where dp.device_id = r.device_id) now_rows
  ), items as (
    select * from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $14::timestamptz[])
      as t(name, version, title, vendor, description, severity, cves, origin, n, released_at)
  ), added as (
    insert into patches (id, source, name, version, title, vendor, description, severity, cve_ids, origin, released_at, updated_at)
    select distinct on (s.source, i.name, i.version) gen_random_uuid(), s.source, i.name, i.version, i.title, i.vendor, i.description,
      i.severity::"PatchSeverity", string_to_array(i.cves, ','), i.origin, i.released_at, now()
    from items i join state s on s.n = i.n and not s.unchanged
    where not exists (select 1 from patches p where p.source = s.source and p.name = i.name and p.version = i.version)
    order by s.source, i.name, i.version, i.n
    on conflict (source, name, version) do nothing
    returning 1
  )
  select s.n::int as n, s.unchanged, (select count(*) from added)::int as added from state s`;

// Statement 2, for the changed reports: `r` ($1 device, $2 partner, $3 organization,
// $4 hostname, $5 digest, $11 source), `items` ($6 report n, $7 name, $8 version, $9 installed version,
// $10 CVE ids joined by commas), `cat` the catalogue row of every item (statement 1 committed
// them all). Then, for every device of the batch at once:
// - fresh: a row for each listed patch the device had no row for (their patch.available
//   events, fanned out to webhooks, come from what was really inserted);
// - again: listed again after it was installed or superseded, the device needs it once more;
// - gone: rows of the report's source not listed that were available or failed (rows of other
//   sources belong to other managers' reports): superseded when the package is still
//   listed (a later version), else installed. The status condition is on the row itself, so a
//   row another transaction changed meanwhile is judged as it is now;
// - approvals: a pending approval per organization and listed patch that has none;
// - merged: CVE ids a later scan learned (a changelog fetched later) join the catalogue row;
// - scan: the device's digest, and its rows as this statement leaves them.
// Rows are written in (device, patch) / (organization, patch) order, so concurrent batches
// take their locks in one order.
const DEVICE_SQL = `
  with r as (
    select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $11::"PatchSource"[]) with ordinality as t(device_id, partner_id, org_id, hostname, digest, source, n)
  ), items as (
    select * from unnest($6::int[], $7::text[], $8::text[], $9::text[], $10::text[]) with ordinality as t(n, name, version, installed_version, cves, ord)
  ), cat as (
    select r.device_id, r.partner_id, r.org_id, r.hostname, i.ord, i.installed_version, i.cves,
      p.id as patch_id, p.source, p.name, p.version, p.severity, coalesce(p.cve_ids, '{}') as cve_ids
    from items i join r on r.n = i.n
    join patches p on p.source = r.source and p.name = i.name and p.version = i.version
  ), before as (
    select r.device_id, count(dp.id)::int as rows, max(dp.updated_at) as changed_at
    from r left join device_patches dp on dp.device_id = r.device_id group by r.device_id
  ), fresh as (
    insert into device_patches (id, partner_id, org_id, device_id, patch_id, installed_version, updated_at)
    select gen_random_uuid(), c.partner_id, c.org_id, c.device_id, c.patch_id, nullif(c.installed_version, ''), now()
    from cat c order by c.device_id, c.patch_id
    on conflict (device_id, patch_id) do nothing
    returning device_id, patch_id
  ), again as (
    update device_patches dp set status = 'available', installed_at = null, updated_at = now()
    from cat c
    where dp.device_id = c.device_id and dp.patch_id = c.patch_id and dp.status in ('installed', 'superseded')
    returning dp.device_id
  ), unlisted as (
    select dp.id, exists(select 1 from items i join r on r.n = i.n where r.device_id = dp.device_id and i.name = p.name) as name_listed
    from device_patches dp join patches p on p.id = dp.patch_id join r on r.device_id = dp.device_id and p.source = r.source
    where dp.status in ('available', 'failed')
      and not exists (select 1 from cat c where c.device_id = dp.device_id and c.patch_id = dp.patch_id)
  ), gone as (
    update device_patches dp set
      status = case when u.name_listed then 'superseded'::"DevicePatchStatus" else 'installed'::"DevicePatchStatus" end,
      installed_at = case when u.name_listed then dp.installed_at else now() end,
      last_error = case when u.name_listed then dp.last_error else null end,
      updated_at = now()
    from unlisted u
    where dp.id = u.id and dp.status in ('available', 'failed')
    returning dp.device_id
  ), approvals as (
    insert into patch_approvals (id, partner_id, org_id, patch_id, updated_at)
    select distinct on (c.org_id, c.patch_id) gen_random_uuid(), c.partner_id, c.org_id, c.patch_id, now()
    from cat c order by c.org_id, c.patch_id
    on conflict (org_id, patch_id) do nothing
    returning 1
  ), learned as (
    select patch_id, array_agg(cve order by first)::varchar(32)[] as cves from (
      select c.patch_id, x.cve, min(c.ord * 1000 + x.k) as first
      from cat c cross join unnest(string_to_array(c.cves, ',')) with ordinality as x(cve, k)
      where not (x.cve = any(c.cve_ids))
      group by c.patch_id, x.cve) l
    group by patch_id
  ), merged as (
    update patches p set updated_at = now(),
      cve_ids = coalesce(p.cve_ids, '{}') || array(select x from unnest(l.cves) with ordinality as e(x, k) where not (x = any(coalesce(p.cve_ids, '{}'))) order by k)
    from learned l
    where p.id = l.patch_id and not (coalesce(p.cve_ids, '{}') @> l.cves)
    returning 1
  ), ev as (
    insert into events (id, type, partner_id, org_id, data)
    select gen_random_uuid(), 'patch.available', c.partner_id, c.org_id, jsonb_build_object(
      'patchId', c.patch_id, 'deviceId', c.device_id, 'hostname', c.hostname, 'source', c.source, 'name', c.name,
      'version', c.version, 'installedVersion', c.installed_version, 'severity', c.severity, 'cveIds', to_jsonb(c.cve_ids))
    from fresh f join cat c on c.device_id = f.device_id and c.patch_id = f.patch_id
    order by c.ord
    returning id, type, org_id, created_at, data
  ), ${FAN_OUT_CTES}, counts as (
    select r.n, r.device_id, r.org_id, r.digest, b.rows, b.changed_at,
      (select count(*) from fresh f where f.device_id = r.device_id)::int as fresh,
      (select count(*) from again a where a.device_id = r.device_id)::int as again,
      (select count(*) from gone g where g.device_id = r.device_id)::int as gone
    from r join before b on b.device_id = r.device_id
  ), scan as (
    insert into device_patch_scans as s (device_id, org_id, digest, rows, changed_at, reported_at)
    select k.device_id, k.org_id, k.digest, k.rows + k.fresh,
      case when k.fresh + k.again + k.gone > 0 then greatest(k.changed_at, now()::timestamptz(3)) else k.changed_at end, now()
    from counts k order by k.device_id
    on conflict (device_id) do update set org_id = excluded.org_id, digest = excluded.digest, rows = excluded.rows,
      changed_at = excluded.changed_at, reported_at = excluded.reported_at
    returning 1
  )
  select k.n::int as n, k.fresh, k.gone from counts k cross join (select count(*) from queued) fanned_out`;

async function storeBatch(uploads: Upload[]): Promise<PatchReportResult[]> {
  const pool = dbPool();
  const items = uploads.flatMap((u, i) => u.updates.map((x) => ({ n: i + 1, u: x })));
  const { rows: states } = await pool.query<{ n: number; unchanged: boolean }>({
    name: 'patch-report-catalogue',
    text: CATALOGUE_SQL,
    values: [
      uploads.map((u) => u.deviceId),
      uploads.map((u) => u.orgId),
      uploads.map((u) => u.digest),
      items.map((i) => i.u.name),
      items.map((i) => i.u.version),
      items.map((i) => `${i.u.name} ${i.u.version}`),
      items.map((i) => i.u.vendor ?? (i.u.origin?.split(/[:/,\s]/)[0] || null)),
      items.map((i) => i.u.description ?? null),
      items.map((i) => i.u.severity),
      items.map((i) => i.u.cveIds.join(',')),
      items.map((i) => i.u.origin ?? null),
      items.map((i) => i.n),
      uploads.map((u) => u.source),
      items.map((i) => i.u.releasedAt ?? null),
    ],
  });
  const unchanged = new Set(states.filter((s) => s.unchanged).map((s) => s.n - 1));
  const results: PatchReportResult[] = uploads.map((u) => ({ available: u.updates.length, new: 0, resolved: 0 }));
  const changed = uploads.map((u, i) => ({ u, i })).filter(({ i }) => !unchanged.has(i));
  if (changed.length === 0) return results;
  const changedItems = changed.flatMap(({ u }, k) => u.updates.map((x) => ({ n: k + 1, u: x })));
  const { rows } = await pool.query<{ n: number; fresh: number; gone: number }>({
    name: 'patch-report-devices',
    text: DEVICE_SQL,
    values: [
      changed.map(({ u }) => u.deviceId),
      changed.map(({ u }) => u.partnerId),
      changed.map(({ u }) => u.orgId),
      changed.map(({ u }) => u.hostname),
      changed.map(({ u }) => u.digest),
      changedItems.map((i) => i.n),
      changedItems.map((i) => i.u.name),
      changedItems.map((i) => i.u.version),
      changedItems.map((i) => i.u.installedVersion),
      changedItems.map((i) => i.u.cveIds.join(',')),
      changed.map(({ u }) => u.source),
    ],
  });
  for (const row of rows) {
    const target = results[changed[row.n - 1].i];
    target.new = row.fresh;
    target.resolved = row.gone;
  }
  return results;
}

/** A batch that fails is retried one report at a time: one bad report fails only itself. */
async function storeBatchOrEach(uploads: Upload[]): Promise<PatchReportResult[]> {
  try {
    return await storeBatch(uploads);
  } catch (error) {
    if (uploads.length === 1) throw error;
    const out: PatchReportResult[] = [];
    for (const u of uploads) out.push((await storeBatch([u]))[0]);
    return out;
  }
}

// A device appears at most once per batch (key): its rows are written by one statement.
const storeCoalesced = coalesceCalls<Upload, PatchReportResult>(storeBatchOrEach, { maxBatch: 50, maxInFlight: 2, key: (u) => u.deviceId });

export async function storePatchReport(ctx: AgentContext, report: Report): Promise<PatchReportResult> {
  if (ctx.narrowed) throw new AppError('AGENT_ACCESS_NARROWED', 403, 'The partner is offboarding: patch reports are not accepted');
  if (!managerFitsOs(report.manager, ctx.osType)) {
    throw new AppError('MANAGER_NOT_FOR_OS', 422, `${report.manager} does not run on ${ctx.osType} devices (only on ${osTypesOfManager(report.manager).join(', ')}): nothing was stored`, {
      manager: report.manager,
      osType: ctx.osType,
    });
  }
  const source = sourceOfManager(report.manager);
  const updates = [...new Map(report.updates.map((u) => [`${u.name}\u0000${u.version}`, u])).values()];
  const upload: Upload = { deviceId: ctx.deviceId, partnerId: ctx.partnerId, orgId: ctx.orgId, hostname: ctx.hostname, source, digest: digestOf(source, updates), updates };
  return updates.length > ALONE_ABOVE ? storeBatch([upload]).then((r) => r[0]) : storeCoalesced(upload);
}
