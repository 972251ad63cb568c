// GET /search: one box over what the caller may read. Each type is searched only with its read
// permission and inside the caller's tenancy (the same predicates as the list routes), so a
// record outside scope is simply never found. Types whose domain is not deployed are skipped.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { Permission } from '@/lib/auth/permissions';
import { orgWhere } from '@/lib/tenancy/scope';
import { deviceWhere } from '@/lib/devices/device-scope';
import { userWhere } from '@/lib/users/user-scope';
import { scriptWhere } from '@/lib/scripts/script-scope';
import { SEARCH_TYPES, type SearchQuery, type SearchType, type TSearchHit } from '@/lib/search/schemas';
import { tableExists } from '@/lib/search/table-exists';
import { tenantScopeSql } from '@/lib/search/tenant-scope-sql';
import { recordDecision } from '@/lib/tenancy/authorization-decisions';

const NEEDS: Record<SearchType, Permission> = {
  devices: 'devices:read',
  organizations: 'orgs:read',
  users: 'users:read',
  alerts: 'alerts:read',
  scripts: 'scripts:read',
};

const ORDER: SearchType[] = ['devices', 'organizations', 'users', 'alerts', 'scripts'];

/** LIKE pattern for a literal substring. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function search(ctx: ActorContext, query: SearchQuery) {
  const wanted = new Set<SearchType>(query.types ?? SEARCH_TYPES);
  const q = query.q;
  const take = query.limit;
  // Prisma passes `contains` into LIKE unescaped: escape the wildcards so they match literally.
  const contains = { contains: likeEscape(q), mode: 'insensitive' as const };
  const allowed = ORDER.filter((t) => wanted.has(t) && ctx.permissions.has(NEEDS[t]));
  // The per-type permission checks are this route's permission decision (a caller holding none
  // of them searches nothing); each searched type then adds its tenancy predicate.
  recordDecision(ctx);

  const searchers: Partial<Record<SearchType, () => Promise<TSearchHit[] | null>>> = {
    devices: async () => {
      const rows = await db.device.findMany({
        where: { AND: [deviceWhere(ctx), { OR: [{ hostname: contains }, { displayName: contains }, { lastUser: contains }] }] },
        select: { id: true, hostname: true, displayName: true, status: true, orgId: true, organization: { select: { name: true } } },
        orderBy: [{ hostname: 'asc' }, { id: 'asc' }],
        take,
      });
      return rows.map((d) => ({
        type: 'devices',
        id: d.id,
        title: d.displayName ?? d.hostname,
        subtitle: `${d.status} · ${d.organization.name}`,
        orgId: d.orgId,
        url: `/devices/${d.id}`,
      }));
    },
    organizations: async () => {
      const rows = await db.organization.findMany({
        where: { AND: [orgWhere(ctx), { OR: [{ name: contains }, { slug: contains }] }] },
        select: { id: true, name: true, slug: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        take,
      });
      return rows.map((o) => ({ type: 'organizations', id: o.id, title: o.name, subtitle: o.slug, orgId: o.id, url: `/organizations/${o.id}` }));
    },
    users: async () => {
      const rows = await db.user.findMany({
        where: { AND: [userWhere(ctx), { OR: [{ name: contains }, { email: contains }] }] },
        select: { id: true, name: true, email: true, organizationMembership: { select: { orgId: true } } },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        take,
      });
      return rows.map((u) => ({ type: 'users', id: u.id, title: u.name, subtitle: u.email, orgId: u.organizationMembership?.orgId ?? null, url: `/users?user=${u.id}` }));
    },
    alerts: async () => {
      if (!(await tableExists('alerts'))) return null;
      const pattern = `%${likeEscape(q)}%`;
      const rows = await db.$queryRaw<{ id: string; title: string; severity: string; status: string; org_id: string }[]>(Prisma.sql`
        select a.id, a.title, a.severity::text as severity, a.status::text as status, a.org_id
        from alerts a
        where ${tenantScopeSql(ctx, 'a')} and a.status::text <> 'dismissed' and a.title ilike ${pattern}
        order by a.triggered_at desc, a.id
        limit ${take}`);
      return rows.map((a) => ({ type: 'alerts', id: a.id, title: a.title, subtitle: `${a.severity} · ${a.status}`, orgId: a.org_id, url: `/alerts?alert=${a.id}` }));
    },
    scripts: async () => {
      const rows = await db.script.findMany({
        where: { AND: [scriptWhere(ctx), { OR: [{ name: contains }, { description: contains }] }] },
        select: { id: true, name: true, language: true, orgId: true, organization: { select: { name: true } } },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        take,
      });
      return rows.map((s) => ({ type: 'scripts', id: s.id, title: s.name, subtitle: `${s.language} · ${s.organization?.name ?? 'partner library'}`, orgId: s.orgId, url: `/scripts/${s.id}` }));
    },
  };

  const searched: SearchType[] = [];
  const groups = await Promise.all(
    allowed.map(async (type) => {
      const run = searchers[type];
      if (!run) return [];
      const hits = await run();
      if (hits === null) return [];
      searched.push(type);
      return hits;
    }),
  );
  return { q, results: groups.flat(), searched: ORDER.filter((t) => searched.includes(t)) };
}
