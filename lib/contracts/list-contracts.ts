import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { documentWhere } from '@/lib/billing/billing-scope';
import { contractInclude, toContractDto } from '@/lib/contracts/to-contract-dto';
import type { ZListContractsQuery } from '@/lib/contracts/schemas';

export async function listContracts(ctx: ScopedContext, query: z.output<typeof ZListContractsQuery>) {
  const where: Prisma.ContractWhereInput = {
    AND: [documentWhere(ctx), query.orgId ? { orgId: query.orgId } : {}, query.status ? { status: query.status } : {}],
  };
  const [rows, total] = await Promise.all([
    db.contract.findMany({ where, include: contractInclude, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.contract.count({ where }),
  ]);
  return pageResult(rows.map(toContractDto), query, total);
}
