// PATCH /roles/:id: custom roles only (built-in roles are read-only; clone them instead). The
// caller must hold every permission the role grants now and will grant after the change, so a
// role more powerful than its editor can neither be widened nor cut down by it. Holders of the
// role get the new permissions on their next request.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { assertRoleNameFree } from '@/lib/roles/create-role';
import { toRoleDto } from '@/lib/roles/to-role-dto';
import { ZUpdateRole } from '@/lib/roles/schemas';

export const systemRoleReadOnly = () => forbidden('Built-in roles are read-only; clone the role to customise it', 'SYSTEM_ROLE_READ_ONLY');

export async function updateRole(ctx: UserContext, id: string, input: z.output<typeof ZUpdateRole>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  await db.$transaction(async (tx) => {
    const role = await getRoleOrThrow(ctx, id, tx);
    if (role.isSystem) throw systemRoleReadOnly();
    assertCanGrantPermissions(ctx, role.permissions, 'edit a role holding');
    if (input.permissions) assertCanGrantPermissions(ctx, input.permissions);
    if (input.name !== undefined && input.name.toLowerCase() !== role.name.toLowerCase()) await assertRoleNameFree(tx, role.partnerId!, input.name, role.id);
    await tx.role.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
      },
    });
    const before = new Set(role.permissions);
    const after = new Set(input.permissions ?? role.permissions);
    await writeAudit(ctx, {
      action: 'role.update',
      targetType: 'role',
      targetId: id,
      partnerId: role.partnerId,
      orgId: null,
      details: {
        fields: Object.keys(input),
        added: [...after].filter((p) => !before.has(p)),
        removed: [...before].filter((p) => !after.has(p)),
      },
    }, tx);
  });
  return toRoleDto(await getRoleOrThrow(ctx, id));
}
