// A dynamic group's rules as one SQL predicate over `devices d`, so preview, reconciliation and
// the periodic refresh are set-based queries, never a device-by-device loop.
import { Prisma } from '@/lib/generated/prisma/client';
import type { GroupRules, RuleCondition } from '@/lib/device-groups/schemas';

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

/** Glob (* and ?) → ILIKE pattern with LIKE's own wildcards escaped. */
export function globToLike(glob: string): string {
  return glob.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%').replace(/\?/g, '_');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function enumCondition(column: Prisma.Sql, op: 'eq' | 'neq' | 'in', value: string | string[], cast: string): Prisma.Sql {
  const values = list(value);
  const array = Prisma.sql`${values}::${Prisma.raw(cast)}[]`;
  if (op === 'neq') return Prisma.sql`(${column} is null or not (${column} = any(${array})))`;
  return Prisma.sql`${column} = any(${array})`;
}

export function compileCondition(c: RuleCondition): Prisma.Sql {
  switch (c.field) {
    case 'osType':
      return enumCondition(Prisma.sql`d.os_type`, c.op, c.value, '"OsType"');
    case 'status':
      return enumCondition(Prisma.sql`d.status`, c.op, c.value, '"DeviceStatus"');
    case 'siteId':
      return enumCondition(Prisma.sql`d.site_id`, c.op, c.value, 'uuid');
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
  }
}

export function compileRules(rules: GroupRules): Prisma.Sql {
  const parts = rules.conditions.map(compileCondition);
  return Prisma.sql`(${Prisma.join(parts, rules.match === 'any' ? ' or ' : ' and ')})`;
}
