import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { orgWhere } from '@/lib/tenancy/scope';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListOrganizationsQuery } from '@/lib/organizations/schemas';
import { toOrganizationDto } from '@/lib/organizations/to-organization-dto';

export async function listOrganizations(ctx: ActorContext, query: z.output<typeof ZListOrganizationsQuery>) {
  const where: Prisma.OrganizationWhereInput = {
    AND: [
      orgWhere(ctx),
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
      query.status ? { status: query.status } : {},
      query.partnerId && ctx.scope === 'system' ? { partnerId: query.partnerId } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.organization.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.organization.count({ where }),
  ]);
  return pageResult(rows.map(toOrganizationDto), query, total);
}
