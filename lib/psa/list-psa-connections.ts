import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { boundPsaConnectionId } from './get-psa-connection-or-throw';
import { toPsaConnectionDto } from './to-psa-connection-dto';

export async function listPsaConnections(ctx: ScopedContext, query: PageInput) {
  const where = ownPartnerWhere(ctx);
  const [rows, total, bound] = await Promise.all([
    db.psaConnection.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.psaConnection.count({ where }),
    boundPsaConnectionId(where.partnerId),
  ]);
  return pageResult(rows.map((r) => toPsaConnectionDto(r, bound)), query, total);
}
