import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma, PsaTicket } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import type { TListPsaTicketsQuery } from './schemas';

const toDto = (t: PsaTicket) => ({
  id: t.id,
  connectionId: t.connectionId,
  externalId: t.externalId,
  companyExternalId: t.companyExternalId,
  companyName: t.companyName,
  summary: t.summary,
  status: t.status,
  priority: t.priority,
  remoteCreatedAt: t.remoteCreatedAt?.toISOString() ?? null,
  remoteUpdatedAt: t.remoteUpdatedAt?.toISOString() ?? null,
});

/**
 * Tickets synced from the PSA, newest change first. Without a connection id: those of the
 * connection the partner's service management is bound to (external mode), else none.
 */
export async function listPsaTickets(ctx: ScopedContext, query: TListPsaTicketsQuery, connectionId?: string) {
  const own = ownPartnerWhere(ctx);
  let connection: string | null;
  if (connectionId) connection = (await getPsaConnectionOrThrow(ctx, connectionId)).id;
  else {
    const partner = await db.partner.findUnique({ where: { id: own.partnerId }, select: { serviceManagementMode: true, serviceManagementPsaConnectionId: true } });
    connection = partner?.serviceManagementMode === 'external' ? partner.serviceManagementPsaConnectionId : null;
  }
  if (!connection) return pageResult([], query, 0);
  const where: Prisma.PsaTicketWhereInput = {
    ...own,
    connectionId: connection,
    ...(query.status ? { status: query.status } : {}),
    ...(query.companyExternalId ? { companyExternalId: query.companyExternalId } : {}),
    ...(query.search ? { summary: { contains: query.search, mode: 'insensitive' } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.psaTicket.findMany({ where, orderBy: [{ remoteUpdatedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }], ...pageArgs(query) }),
    db.psaTicket.count({ where }),
  ]);
  return pageResult(rows.map(toDto), query, total);
}
