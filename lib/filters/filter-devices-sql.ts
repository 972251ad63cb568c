// A saved filter as a predicate over `devices d`, for every read that applies one (the device
// list, previews, deployment targets). The caller's own device scope is added by those reads.
import { Prisma } from '@/lib/generated/prisma/client';
import type { DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { ZFilterRules, type FilterRules } from '@/lib/device-filters/schemas';
import { compileFilter } from '@/lib/device-filters/compile-filter';
import { getFilterOrThrow } from '@/lib/filters/get-filter-or-throw';

/** The rules, limited to one organization when given. */
export function rulesSql(rules: FilterRules, orgId: string | null | undefined): Prisma.Sql {
  const org = orgId ? Prisma.sql`d.org_id = ${orgId}::uuid and ` : Prisma.empty;
  return Prisma.sql`${org}${compileFilter(rules)}`;
}

/** The saved filter `id` the caller sees (else 404) as SQL. */
export async function savedFilterSql(ctx: ActorContext, id: string, client?: DbOrTx): Promise<Prisma.Sql> {
  const filter = await getFilterOrThrow(ctx, id, client);
  const rules = ZFilterRules.safeParse(filter.rules);
  if (!rules.success) throw conflict(`The saved filter "${filter.name}" holds rules this version no longer accepts: edit it`, 'FILTER_RULES_INVALID');
  return rulesSql(rules.data, filter.orgId);
}
