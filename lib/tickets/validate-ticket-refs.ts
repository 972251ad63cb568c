// References a ticket may hold, checked against the ticket's own partner and organization.
import type { DbOrTx } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';

/** The assignee must be an active technician of the partner who reaches the organization and can work tickets. */
export async function assertAssignable(client: DbOrTx, assigneeId: string, ticket: { partnerId: string; orgId: string }): Promise<void> {
  const user = await client.user.findFirst({
    where: {
      id: assigneeId,
      deletedAt: null,
      status: 'active',
      partnerMembership: {
        is: {
          partnerId: ticket.partnerId,
          OR: [{ orgAccess: 'all' }, { orgAccess: 'selected', orgIds: { has: ticket.orgId } }],
          role: { permissions: { has: 'tickets:write' } },
        },
      },
    },
    select: { id: true },
  });
  if (!user) {
    const message = 'assigneeId must be an active user of this partner with tickets:write who can reach the ticket’s organization';
    throw badRequest(message, [{ path: 'body.assigneeId', message }], 'INVALID_ASSIGNEE');
  }
}

/** `record` names what holds the site in the message (the ticket’s, the asset’s … organization). */
export async function assertSiteInOrg(client: DbOrTx, siteId: string, orgId: string, record: 'ticket' | 'asset' | 'contact' = 'ticket'): Promise<void> {
  const site = await client.site.findFirst({ where: { id: siteId, orgId, deletedAt: null }, select: { id: true } });
  if (!site) {
    const message = `siteId must be a site of the ${record}’s organization`;
    throw badRequest(message, [{ path: 'body.siteId', message }], 'SITE_NOT_IN_ORG');
  }
}
