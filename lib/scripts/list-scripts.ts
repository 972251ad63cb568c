// GET /scripts: the libraries in the caller's scope, filterable, page-paginated, without bodies.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ZListScriptsQuery } from '@/lib/scripts/schemas';
import { scriptWhere } from '@/lib/scripts/script-scope';
import { SCRIPT_INCLUDE, toScriptSummaryDto } from '@/lib/scripts/to-script-dto';

export async function listScripts(ctx: ScopedContext, q: z.output<typeof ZListScriptsQuery>) {
  const where: Prisma.ScriptWhereInput = {
    AND: [
      scriptWhere(ctx),
      q.availability === 'partner' ? { orgId: null } : {},
      q.availability === 'org' ? { orgId: q.orgId ?? { not: null } } : q.orgId ? { OR: [{ orgId: q.orgId }, { orgId: null }] } : {},
      q.search ? { name: { contains: q.search, mode: 'insensitive' } } : {},
      q.categoryId ? { categoryId: q.categoryId } : {},
      q.tag ? { tags: { some: { tag: { name: q.tag } } } } : {},
      q.language ? { language: q.language } : {},
      q.osType ? { osTypes: { has: q.osType } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.script.findMany({ where, include: SCRIPT_INCLUDE, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(q) }),
    db.script.count({ where }),
  ]);
  return pageResult(rows.map(toScriptSummaryDto), q, total);
}
