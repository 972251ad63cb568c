// POST /roles: a custom role. It may grant only permissions its creator holds.
import { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { toRoleDto } from '@/lib/roles/to-role-dto';
import { ZCreateRole } from '@/lib/roles/schemas';

export async function assertRoleNameFree(client: DbOrTx, partnerId: string, name: string, exceptId?: string) {
  const clash = await client.role.findFirst({ where: { partnerId, name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (clash) throw conflict(`A role named "${name}" already exists`, 'ROLE_NAME_TAKEN');
}

export async function createRole(ctx: UserContext, input: z.output<typeof ZCreateRole>) {
  let partnerId: string;
  if (ctx.scope === 'system') {
    if (!input.partnerId) throw badRequest('partnerId is required for system-scope callers', [{ path: 'body.partnerId', message: 'Required' }]);
    const partner = await db.partner.findFirst({ where: { id: input.partnerId, deletedAt: null }, select: { id: true } });
    if (!partner) throw notFound('Partner');
    partnerId = partner.id;
  } else {
    partnerId = ctx.partnerId!;
  }
  assertCanGrantPermissions(ctx, input.permissions);
  const id = await db.$transaction(async (tx) => {
    await assertRoleNameFree(tx, partnerId, input.name);
    const role = await tx.role.create({
      data: { partnerId, name: input.name, description: input.description ?? null, scope: input.scope, isSystem: false, permissions: input.permissions },
    });
    await writeAudit(ctx, { action: 'role.create', targetType: 'role', targetId: role.id, partnerId, orgId: null, details: { name: role.name, scope: role.scope, permissions: role.permissions } }, tx);
    return role.id;
  });
  return toRoleDto(await getRoleOrThrow(ctx, id));
}
