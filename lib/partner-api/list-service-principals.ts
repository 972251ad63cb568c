import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListServicePrincipalsQuery } from '@/lib/partner-api/schemas';
import { toServicePrincipalDto } from '@/lib/partner-api/to-service-principal-dto';
import { assertPartnerAdmin } from '@/lib/partner-api/create-service-principal';

export async function listServicePrincipals(ctx: UserContext, query: z.output<typeof ZListServicePrincipalsQuery>) {
  const partnerId = assertPartnerAdmin(ctx);
  const now = new Date();
  const status: Prisma.ServicePrincipalWhereInput =
    query.status === 'revoked'
      ? { revokedAt: { not: null } }
      : query.status === 'expired'
        ? { revokedAt: null, expiresAt: { lte: now } }
        : query.status === 'active'
          ? { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
          : {};
  const where: Prisma.ServicePrincipalWhereInput = { partnerId, ...status };
  const [rows, total] = await Promise.all([
    db.servicePrincipal.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.servicePrincipal.count({ where }),
  ]);
  return pageResult(rows.map(toServicePrincipalDto), query, total);
}
