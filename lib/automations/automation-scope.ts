// Tenancy of automations: each belongs to one organization, read and written by callers that
// see that organization.
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Automation, Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

export function automationWhere(ctx: ScopedContext): Prisma.AutomationWhereInput {
  return tenantWhere(ctx);
}

/** The automation in the caller's scope, else 404; `lock` takes its row lock (inside a transaction). */
export async function getAutomationOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db, lock = false): Promise<Automation> {
  const found = await client.automation.findFirst({ where: { AND: [{ id }, automationWhere(ctx)] } });
  if (!found) throw notFound('Automation');
  if (lock) await client.$queryRaw`select id from automations where id = ${id}::uuid for update`;
  return found;
}
