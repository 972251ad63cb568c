import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { ssoProviderWhere } from '@/lib/sso/sso-provider-where';
import { providerInclude, toSsoProviderDto } from '@/lib/sso/to-sso-provider-dto';

export async function listSsoProviders(ctx: ScopedContext, query: { orgId?: string }) {
  const rows = await db.ssoProvider.findMany({
    where: { AND: [ssoProviderWhere(ctx), ...(query.orgId ? [{ orgId: query.orgId }] : [])] },
    orderBy: [{ orgId: { sort: 'asc', nulls: 'first' } }, { createdAt: 'asc' }],
    take: 500,
    include: providerInclude,
  });
  return { data: rows.map(toSsoProviderDto) };
}
