import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { listPluginCatalog } from '@/lib/plugins/plugin-catalog';
import { installationInclude, installationWhere } from '@/lib/plugins/installation-scope';
import { toPluginInstallationDto } from '@/lib/plugins/to-plugin-installation-dto';
import type { ZListPluginInstallationsQuery } from '@/lib/plugins/schemas';

export async function listPluginInstallations(ctx: ActorContext, query: z.output<typeof ZListPluginInstallationsQuery>) {
  const where = { AND: [installationWhere(ctx), query.status ? { status: query.status } : {}] };
  const [rows, total, catalog] = await Promise.all([
    db.pluginInstallation.findMany({ where, include: installationInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.pluginInstallation.count({ where }),
    listPluginCatalog(),
  ]);
  const bySlug = new Map(catalog.data.map((m) => [m.slug, m]));
  return pageResult(rows.map((r) => toPluginInstallationDto(r, bySlug.get(r.slug) ?? null)), query, total);
}
