import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { contactWhere } from '@/lib/contacts/get-contact-or-throw';
import { contactInclude, toContactDto } from '@/lib/contacts/to-contact-dto';
import type { ZListContactsQuery } from '@/lib/contacts/schemas';

export async function listContacts(ctx: ActorContext, query: z.output<typeof ZListContactsQuery>) {
  const search = query.search;
  const where: Prisma.ContactWhereInput = {
    AND: [
      contactWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.siteId ? { siteId: query.siteId } : {},
      query.role ? { roles: { has: query.role } } : {},
      search
        ? {
            OR: [
              { name: { contains: search, mode: 'insensitive' } },
              { email: { contains: search.toLowerCase() } },
              { phone: { contains: search } },
              { mobile: { contains: search } },
            ],
          }
        : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.contact.findMany({ where, include: contactInclude, orderBy: [{ name: { sort: 'asc', nulls: 'last' } }, { email: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.contact.count({ where }),
  ]);
  return pageResult(rows.map(toContactDto), query, total);
}
