import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListEnrollmentKeysQuery } from '@/lib/enrollment-keys/schemas';
import { enrollmentKeyWhere } from '@/lib/enrollment-keys/enrollment-key-scope';
import { toEnrollmentKeyDto } from '@/lib/enrollment-keys/to-enrollment-key-dto';

function statusWhere(status: 'active' | 'expired' | 'exhausted' | undefined, now: Date): Prisma.EnrollmentKeyWhereInput {
  // "exhausted" compares two columns, which Prisma expresses through field references.
  const exhausted: Prisma.EnrollmentKeyWhereInput = { maxUsage: { not: null, lte: db.enrollmentKey.fields.usageCount } };
  if (status === 'exhausted') return exhausted;
  if (status === 'expired') return { expiresAt: { lte: now }, NOT: exhausted };
  if (status === 'active') return { expiresAt: { gt: now }, NOT: exhausted };
  return {};
}

export async function listEnrollmentKeys(ctx: ActorContext, query: z.output<typeof ZListEnrollmentKeysQuery>) {
  const where: Prisma.EnrollmentKeyWhereInput = {
    AND: [
      enrollmentKeyWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.siteId ? { siteId: query.siteId } : {},
      statusWhere(query.status, new Date()),
    ],
  };
  const [rows, total] = await Promise.all([
    db.enrollmentKey.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.enrollmentKey.count({ where }),
  ]);
  return pageResult(rows.map(toEnrollmentKeyDto), query, total);
}
