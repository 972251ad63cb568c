// GET /scripts/executions/:id and GET /scripts/:id/executions.
import type { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import type { ZListExecutionsQuery } from '@/lib/scripts/executions/schemas';
import { EXECUTION_INCLUDE, toExecutionDto } from '@/lib/scripts/executions/to-execution-dto';

export function executionWhere(ctx: ScopedContext): Prisma.ScriptExecutionWhereInput {
  return { ...tenantWhere(ctx), device: { organization: { deletedAt: null } } };
}

export async function getExecutionOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const row = await client.scriptExecution.findFirst({ where: { AND: [{ id }, executionWhere(ctx)] }, include: EXECUTION_INCLUDE });
  if (!row) throw notFound('Script execution');
  return row;
}

export async function getExecution(ctx: ScopedContext, id: string) {
  return toExecutionDto(await getExecutionOrThrow(ctx, id));
}

export async function listScriptExecutions(ctx: ScopedContext, scriptId: string, q: z.output<typeof ZListExecutionsQuery>) {
  await getScriptOrThrow(ctx, scriptId);
  const status: Prisma.ScriptExecutionWhereInput =
    q.status === 'running' ? { status: 'pending', command: { status: 'sent' } } : q.status === 'pending' ? { status: 'pending', NOT: { command: { status: 'sent' } } } : q.status ? { status: q.status } : {};
  const where: Prisma.ScriptExecutionWhereInput = { AND: [{ scriptId }, executionWhere(ctx), status, q.deviceId ? { deviceId: q.deviceId } : {}] };
  const [rows, total] = await Promise.all([
    db.scriptExecution.findMany({ where, include: EXECUTION_INCLUDE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }),
    db.scriptExecution.count({ where }),
  ]);
  return pageResult(rows.map(toExecutionDto), q, total);
}
