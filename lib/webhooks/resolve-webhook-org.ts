// The organization a webhook call acts in: the caller's own for organization scope; named by
// `orgId` for partner and system scope, and then verified against the caller's access.
import type { ActorContext } from '@/lib/auth/context';
import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { orgWhere } from '@/lib/tenancy/scope';
import { organizationContextRequired } from '@/lib/webhooks/errors';

export async function resolveWebhookOrg(ctx: ActorContext, orgId: string | undefined, where: 'body' | 'query', client: DbOrTx = db) {
  let id: string;
  if (ctx.scope === 'organization') {
    // An organization caller acts in its own organization; naming another one finds nothing.
    if (orgId && orgId !== ctx.orgId) throw notFound('Organization');
    id = ctx.orgId!;
  } else {
    if (!orgId) throw organizationContextRequired(where);
    id = orgId;
  }
  const org = await client.organization.findFirst({ where: { AND: [{ id }, orgWhere(ctx)] }, select: { id: true, partnerId: true } });
  if (!org) throw notFound('Organization');
  return org;
}
