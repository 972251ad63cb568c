import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { templateWhere, toResponseTemplateDto } from '@/lib/ticket-templates/response-template-store';
import type { ZListResponseTemplatesQuery } from '@/lib/ticket-templates/schemas';

export async function listResponseTemplates(ctx: ActorContext, query: z.output<typeof ZListResponseTemplatesQuery>) {
  const where: Prisma.TicketResponseTemplateWhereInput = {
    ...templateWhere(ctx),
    ...(query.category ? { category: query.category } : {}),
    ...(query.search ? { OR: [{ name: { contains: query.search, mode: 'insensitive' } }, { body: { contains: query.search, mode: 'insensitive' } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db.ticketResponseTemplate.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.ticketResponseTemplate.count({ where }),
  ]);
  return pageResult(rows.map(toResponseTemplateDto), query, total);
}
