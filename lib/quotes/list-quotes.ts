import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { documentWhere } from '@/lib/billing/billing-scope';
import { toQuoteDto } from '@/lib/quotes/to-quote-dto';
import type { ZListQuotesQuery } from '@/lib/quotes/schemas';

export async function listQuotes(ctx: ScopedContext, query: z.output<typeof ZListQuotesQuery>) {
  const where: Prisma.QuoteWhereInput = { AND: [documentWhere(ctx), query.orgId ? { orgId: query.orgId } : {}, query.status ? { status: query.status } : {}] };
  const [rows, total] = await Promise.all([
    db.quote.findMany({ where, include: { lines: true }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.quote.count({ where }),
  ]);
  return pageResult(rows.map(toQuoteDto), query, total);
}
