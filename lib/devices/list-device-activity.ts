// GET /devices/:id/activity: one newest-first timeline merged from the tables that already record
// what happened to a device (no copy is kept). Keyset-paginated on (at, key).
import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { cursorResult, decodeCursor, encodeCursor } from '@/lib/http/pagination';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { DEVICE_ACTIVITY_KINDS, type DeviceActivityKind, type TDeviceActivityEntry, type ZDeviceActivityQuery } from '@/lib/devices/schemas';

const ZCursor = z.object({ at: z.iso.datetime(), key: z.string().max(200) });

// Events the other sources do not already cover (alert and change events mirror alerts and audit).
const PRESENCE_EVENTS = ['device.online', 'device.offline', 'device.enrolled'];
const REPEATED_AUDITS = ['device.command', 'device.bulk_command', 'agent.enroll'];

interface Row {
  occurred_at: Date;
  entry_key: string;
  kind: DeviceActivityKind;
  action: string;
  title: string;
  status: string | null;
  actor_type: string | null;
  actor_id: string | null;
  actor_label: string | null;
  ref_type: TDeviceActivityEntry['ref']['type'];
  ref_id: string;
  details: Record<string, unknown> | null;
}

type Device = Awaited<ReturnType<typeof getDeviceOrThrow>>;

/**
 * Each source as its own ordered, limited sub-select (so none reads more than a page), all in
 * the same column shape. `after` is the keyset predicate on (at, key).
 */
function branches(device: Device, after: Prisma.Sql, take: number): Record<DeviceActivityKind, Prisma.Sql[]> {
  const page = (select: Prisma.Sql) => Prisma.sql`(select * from (${select}) s where ${after} order by occurred_at desc, entry_key collate "C" desc limit ${take})`;
  const id = device.id;
  return {
    // Commands a script run created show up as the script run.
    command: [
      page(Prisma.sql`select c.created_at as occurred_at, 'command:' || c.id as entry_key, 'command' as kind, 'command.' || c.type as action, c.type as title, c.status::text as status,
          case when c.created_by_id is null then c.source else 'user' end as actor_type, c.created_by_id::text as actor_id, null::text as actor_label,
          'command' as ref_type, c.id::text as ref_id, jsonb_build_object('exitCode', c.exit_code, 'completedAt', c.completed_at, 'source', c.source) as details
        from device_commands c
        where c.device_id = ${id}::uuid and not exists (select 1 from script_executions x where x.command_id = c.id)`),
    ],
    script: [
      page(Prisma.sql`select e.created_at as occurred_at, 'script:' || e.id as entry_key, 'script' as kind, 'script.run' as action, e.script_name as title, e.status::text as status,
          case when e.triggered_by_id is null then 'system' else 'user' end as actor_type, e.triggered_by_id::text as actor_id, null::text as actor_label,
          'scriptExecution' as ref_type, e.id::text as ref_id, jsonb_build_object('scriptId', e.script_id, 'version', e.script_version, 'exitCode', e.exit_code, 'completedAt', e.completed_at) as details
        from script_executions e where e.device_id = ${id}::uuid`),
    ],
    alert: [
      page(Prisma.sql`select a.triggered_at as occurred_at, 'alert:' || a.id || ':raised' as entry_key, 'alert' as kind, 'alert.raised' as action, a.title, a.status::text as status,
          'system' as actor_type, null::text as actor_id, null::text as actor_label, 'alert' as ref_type, a.id::text as ref_id,
          jsonb_build_object('severity', a.severity, 'source', a.source) as details
        from alerts a where a.device_id = ${id}::uuid`),
      page(Prisma.sql`select a.acknowledged_at as occurred_at, 'alert:' || a.id || ':acknowledged' as entry_key, 'alert' as kind, 'alert.acknowledged' as action, a.title, a.status::text as status,
          'user' as actor_type, a.acknowledged_by::text as actor_id, null::text as actor_label, 'alert' as ref_type, a.id::text as ref_id,
          jsonb_build_object('severity', a.severity) as details
        from alerts a where a.device_id = ${id}::uuid and a.acknowledged_at is not null`),
      page(Prisma.sql`select a.resolved_at as occurred_at, 'alert:' || a.id || ':resolved' as entry_key, 'alert' as kind, 'alert.resolved' as action, a.title, a.status::text as status,
          case when a.resolved_by_system then 'system' else 'user' end as actor_type, a.resolved_by::text as actor_id, null::text as actor_label, 'alert' as ref_type, a.id::text as ref_id,
          jsonb_build_object('severity', a.severity, 'note', a.resolution_note) as details
        from alerts a where a.device_id = ${id}::uuid and a.resolved_at is not null`),
    ],
    // Audited changes of this device. Entries that repeat another source are left to it: command
    // audits to the command rows, the enrollment audit to the `device.enrolled` event.
    change: [
      page(Prisma.sql`select l.created_at as occurred_at, 'audit:' || l.id as entry_key, 'change' as kind, l.action, l.action as title, l.result as status,
          l.actor_type, l.actor_id::text as actor_id, l.actor_email as actor_label, 'auditLog' as ref_type, l.id::text as ref_id, l.details
        from audit_logs l
        where l.target_type = 'device' and l.target_id = ${id} and l.partner_id = ${device.partnerId}::uuid and l.action not in (${Prisma.join(REPEATED_AUDITS)})`),
    ],
    // Events carry the device in their data; the organization narrows the scan to its index.
    presence: [
      page(Prisma.sql`select v.created_at as occurred_at, 'event:' || v.id as entry_key, 'presence' as kind, v.type as action, v.type as title, null::text as status,
          'system' as actor_type, null::text as actor_id, null::text as actor_label, 'event' as ref_type, v.id::text as ref_id, v.data as details
        from events v
        where v.org_id = ${device.orgId}::uuid and v.type in (${Prisma.join(PRESENCE_EVENTS)}) and v.data ->> 'deviceId' = ${id}`),
    ],
  };
}

/** Names of the users who acted (id → name or email); ids no longer known stay unnamed. */
async function actorNames(rows: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.filter((r) => r.actor_type === 'user' && r.actor_id && !r.actor_label).map((r) => r.actor_id!))];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  return new Map(users.map((u) => [u.id, u.name || u.email]));
}

export async function listDeviceActivity(ctx: ScopedContext, deviceId: string, query: z.output<typeof ZDeviceActivityQuery>) {
  // Scope in the where (404 outside it); the history stays readable after decommissioning.
  const device = await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const cursor = query.cursor ? decodeCursor(query.cursor, ZCursor) : null;
  const after = cursor ? Prisma.sql`(occurred_at, entry_key collate "C") < (${new Date(cursor.at)}::timestamptz, ${cursor.key} collate "C")` : Prisma.sql`true`;
  const take = query.limit + 1;
  const all = branches(device, after, take);
  const selects = (query.kinds?.length ? query.kinds : DEVICE_ACTIVITY_KINDS).flatMap((k) => all[k]);
  const rows = await db.$queryRaw<Row[]>`
    select * from (${Prisma.join(selects, ' union all ')}) merged
    order by occurred_at desc, entry_key collate "C" desc
    limit ${take}`;
  const page = rows.slice(0, query.limit);
  const names = await actorNames(page);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ at: last.occurred_at.toISOString(), key: last.entry_key }) : null;
  const data: TDeviceActivityEntry[] = page.map((r) => ({
    id: r.entry_key,
    at: r.occurred_at.toISOString(),
    kind: r.kind,
    action: r.action,
    title: r.title,
    status: r.status,
    actor: r.actor_type ? { type: r.actor_type, id: r.actor_id, name: r.actor_label ?? (r.actor_id ? (names.get(r.actor_id) ?? null) : null) } : null,
    ref: { type: r.ref_type, id: r.ref_id },
    details: r.details ?? {},
  }));
  return cursorResult(data, query.limit, nextCursor);
}
