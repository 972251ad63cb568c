// POST /roles/:id/clone: a custom copy of any visible role (built-in ones included), which can
// then be edited. Cloning is granting: the caller must hold every permission of the source.
import { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { assertRoleNameFree } from '@/lib/roles/create-role';
import { toRoleDto } from '@/lib/roles/to-role-dto';
import { ZCloneRole } from '@/lib/roles/schemas';

async function copyName(client: DbOrTx, partnerId: string, source: string): Promise<string> {
  const base = `${source.slice(0, 90)} (copy`;
  const taken = new Set(
    (await client.role.findMany({ where: { partnerId, name: { startsWith: base, mode: 'insensitive' } }, select: { name: true } })).map((r) => r.name.toLowerCase()),
  );
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? `${base})` : `${base} ${i})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export async function cloneRole(ctx: UserContext, id: string, input: z.output<typeof ZCloneRole>) {
  const newId = await db.$transaction(async (tx) => {
    const source = await getRoleOrThrow(ctx, id, tx);
    assertCanGrantPermissions(ctx, source.permissions, 'clone a role granting');
    const partnerId = source.partnerId!;
    const name = input.name ?? (await copyName(tx, partnerId, source.name));
    await assertRoleNameFree(tx, partnerId, name);
    const role = await tx.role.create({
      data: {
        partnerId,
        name,
        description: input.description !== undefined ? input.description : source.description,
        scope: source.scope,
        isSystem: false,
        permissions: source.permissions,
      },
    });
    await writeAudit(ctx, { action: 'role.clone', targetType: 'role', targetId: role.id, partnerId, orgId: null, details: { sourceId: source.id, sourceName: source.name, name } }, tx);
    return role.id;
  });
  return toRoleDto(await getRoleOrThrow(ctx, newId));
}
