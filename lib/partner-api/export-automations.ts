// The partner-API export of automations: keyset on the primary key, the principal's partner and
// organizations in the where, automations of deleted organizations left out (as every export).
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ExportSource } from '@/lib/partner-api/export-sources';
import { toAutomationDto } from '@/lib/automations/to-automation-dto';
import type { TAutomation } from '@/lib/automations/schemas';

export const automationsExport: ExportSource<TAutomation> = {
  name: 'automations',
  async fetch(scope, after, take) {
    const where: Prisma.AutomationWhereInput = {
      partnerId: scope.partnerId,
      ...(scope.orgIds ? { orgId: { in: scope.orgIds } } : {}),
      ...(after ? { id: { gt: after } } : {}),
      NOT: { orgId: { in: (await db.organization.findMany({ where: { partnerId: scope.partnerId, deletedAt: { not: null } }, select: { id: true } })).map((o) => o.id) } },
    };
    const rows = await db.automation.findMany({ where, orderBy: { id: 'asc' }, take });
    return rows.map(toAutomationDto);
  },
  keyOf: (row) => row.id,
};
