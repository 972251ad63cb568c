// A device filter rule tree as one SQL predicate over `devices d`, so group preview and
// reconciliation, saved-filter previews, the device list and deployment targets are set-based
// queries, never a device-by-device loop. Every value goes in as a parameter.
import { Prisma } from '@/lib/generated/prisma/client';
import { isFilterGroup, type FilterCondition, type FilterGroup } from '@/lib/device-filters/schemas';

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

/** Glob (* and ?) → ILIKE pattern with LIKE's own wildcards escaped. */
export function globToLike(glob: string): string {
  return glob.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%').replace(/\?/g, '_');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function enumCondition(column: Prisma.Sql, op: 'eq' | 'neq' | 'in', value: string | string[], cast: string): Prisma.Sql {
  const array = Prisma.sql`${list(value)}::${Prisma.raw(cast)}[]`;
  if (op === 'neq') return Prisma.sql`(${column} is null or not (${column} = any(${array})))`;
  return Prisma.sql`${column} = any(${array})`;
}

function customFieldCondition(c: Extract<FilterCondition, { field: 'customField' }>): Prisma.Sql {
  const value = (extra: Prisma.Sql) =>
    Prisma.sql`exists (select 1 from custom_field_values v join custom_field_definitions f on f.id = v.field_id
      where v.device_id = d.id and f.partner_id = d.partner_id and f.key = ${c.key} and ${extra})`;
  const text = String(c.value ?? '');
  // A multi-select value is a JSON array: equality means one of its items is the value.
  const equals = Prisma.sql`(case when jsonb_typeof(v.value) = 'array'
      then exists (select 1 from jsonb_array_elements_text(v.value) e where lower(e) = lower(${text}))
      else lower(v.value #>> '{}') = lower(${text}) end)`;
  const number = Prisma.sql`(case when jsonb_typeof(v.value) = 'number' then (v.value #>> '{}')::numeric end)`;
  switch (c.op) {
    case 'is_set':
      return value(Prisma.sql`true`);
    case 'is_not_set':
      return Prisma.sql`not ${value(Prisma.sql`true`)}`;
    case 'eq':
      return value(equals);
    case 'neq':
      return Prisma.sql`not ${value(equals)}`;
    case 'contains':
      return value(Prisma.sql`(v.value #>> '{}') ilike ${`%${escapeLike(text)}%`} escape '\\'`);
    case 'gt':
      return value(Prisma.sql`${number} > ${Number(c.value)}::numeric`);
    case 'lt':
      return value(Prisma.sql`${number} < ${Number(c.value)}::numeric`);
  }
}

export function compileCondition(c: FilterCondition): Prisma.Sql {
  switch (c.field) {
    case 'osType':
      return enumCondition(Prisma.sql`d.os_type`, c.op, c.value, '"OsType"');
    case 'status':
      return enumCondition(Prisma.sql`d.status`, c.op, c.value, '"DeviceStatus"');
    case 'orgId':
      return enumCondition(Prisma.sql`d.org_id`, c.op, c.value, 'uuid');
    case 'siteId':
      return enumCondition(Prisma.sql`d.site_id`, c.op, c.value, 'uuid');
    case 'groupId': {
      const member = Prisma.sql`exists (select 1 from device_group_memberships m where m.device_id = d.id and m.group_id = any(${list(c.value)}::uuid[]))`;
      return c.op === 'in' ? member : Prisma.sql`not ${member}`;
    }
    case 'tags':
      return c.op === 'has' ? Prisma.sql`${c.value} = any(d.tags)` : Prisma.sql`not (${c.value} = any(d.tags))`;
    case 'hostname': {
      const like = { eq: escapeLike(c.value), contains: `%${escapeLike(c.value)}%`, starts_with: `${escapeLike(c.value)}%`, ends_with: `%${escapeLike(c.value)}`, matches: globToLike(c.value) }[c.op];
      return Prisma.sql`d.hostname ilike ${like} escape '\\'`;
    }
    case 'osVersion': {
      const like = { eq: escapeLike(c.value), contains: `%${escapeLike(c.value)}%`, starts_with: `${escapeLike(c.value)}%` }[c.op];
      return Prisma.sql`coalesce(d.os_version, '') ilike ${like} escape '\\'`;
    }
    case 'agentVersion':
      if (c.op === 'starts_with') return Prisma.sql`coalesce(d.agent_version, '') like ${`${escapeLike(c.value)}%`} escape '\\'`;
      return c.op === 'eq' ? Prisma.sql`d.agent_version = ${c.value}` : Prisma.sql`d.agent_version is distinct from ${c.value}`;
    case 'lastSeen':
      return c.op === 'within_minutes'
        ? Prisma.sql`d.last_seen_at >= now() - make_interval(mins => ${c.value}::int)`
        : Prisma.sql`(d.last_seen_at is null or d.last_seen_at < now() - make_interval(mins => ${c.value}::int))`;
    case 'customField':
      return customFieldCondition(c);
    case 'software': {
      const installed = Prisma.sql`exists (select 1 from device_software s where s.device_id = d.id and s.name ilike ${`%${escapeLike(c.value)}%`} escape '\\')`;
      return c.op === 'installed' ? installed : Prisma.sql`not ${installed}`;
    }
  }
}

/** The whole tree: each group's parts joined with and (all) or or (any), parenthesised. */
export function compileFilter(tree: FilterGroup): Prisma.Sql {
  const parts = tree.conditions.map((node) => (isFilterGroup(node) ? compileFilter(node) : compileCondition(node)));
  return Prisma.sql`(${Prisma.join(parts, tree.match === 'any' ? ' or ' : ' and ')})`;
}
