import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListPartnersQuery } from '@/lib/partners/schemas';
import { partnerDtos } from '@/lib/partners/to-partner-dto';

export async function listPartners(query: z.output<typeof ZListPartnersQuery>) {
  const where: Prisma.PartnerWhereInput = {
    deletedAt: null,
    ...(query.status ? { status: query.status } : {}),
    ...(query.search
      ? { OR: [{ name: { contains: query.search, mode: 'insensitive' } }, { slug: { contains: query.search.toLowerCase() } }] }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.partner.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.partner.count({ where }),
  ]);
  return pageResult(await partnerDtos(rows), query, total);
}
