// GET /deployments/:id/devices (and /software/deployments/:id/results): by batch, then hostname.
// Rows of devices outside an organization caller's scope are not listed.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { DeploymentKind, Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ListDeploymentDevicesQuery } from '@/lib/deployments/schemas';
import { getDeploymentOrThrow } from '@/lib/deployments/deployment-scope';
import { toDeploymentDeviceDto } from '@/lib/deployments/to-deployment-device-dto';

export async function listDeploymentDevices(ctx: ScopedContext, id: string, query: ListDeploymentDevicesQuery, kind?: DeploymentKind) {
  await getDeploymentOrThrow(ctx, id, db, kind);
  // `running` is derived (a queued row whose command was delivered), so the filter follows it.
  const status: Prisma.DeploymentDeviceWhereInput =
    query.status === 'running'
      ? { OR: [{ status: 'running' }, { status: 'queued', commandId: { in: await sentCommandIds(id) } }] }
      : query.status === 'queued'
        ? { status: 'queued', commandId: { notIn: await sentCommandIds(id) } }
        : query.status
          ? { status: query.status }
          : {};
  const where: Prisma.DeploymentDeviceWhereInput = { AND: [{ deploymentId: id }, tenantWhere(ctx), status, query.batch ? { batch: query.batch } : {}] };
  const [rows, total] = await Promise.all([
    db.deploymentDevice.findMany({ where, orderBy: [{ batch: 'asc' }, { hostname: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.deploymentDevice.count({ where }),
  ]);
  const commands = await db.deviceCommand.findMany({ where: { id: { in: rows.flatMap((r) => (r.status === 'queued' && r.commandId ? [r.commandId] : [])) } }, select: { id: true, status: true } });
  const statusOf = new Map(commands.map((c) => [c.id, c.status]));
  return pageResult(rows.map((r) => toDeploymentDeviceDto(r, r.commandId ? statusOf.get(r.commandId) : null)), query, total);
}

async function sentCommandIds(deploymentId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    select c.id::text from deployment_devices dd join device_commands c on c.id = dd.command_id
    where dd.deployment_id = ${deploymentId}::uuid and dd.status = 'queued' and c.status = 'sent'`;
  return rows.map((r) => r.id);
}
