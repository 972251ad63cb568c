import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { documentWhere } from '@/lib/billing/billing-scope';
import { invoiceInclude, toInvoiceDto } from '@/lib/invoices/to-invoice-dto';
import type { ZListInvoicesQuery } from '@/lib/invoices/schemas';

export async function listInvoices(ctx: ScopedContext, query: z.output<typeof ZListInvoicesQuery>) {
  const where: Prisma.InvoiceWhereInput = {
    AND: [documentWhere(ctx), query.orgId ? { orgId: query.orgId } : {}, query.contractId ? { contractId: query.contractId } : {}, query.status ? { status: query.status } : {}],
  };
  const [rows, total] = await Promise.all([
    db.invoice.findMany({ where, include: invoiceInclude, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.invoice.count({ where }),
  ]);
  return pageResult(rows.map(toInvoiceDto), query, total);
}
