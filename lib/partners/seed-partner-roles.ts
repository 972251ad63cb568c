import type { DbOrTx } from '@/lib/db';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';

/** Creates the built-in (isSystem) roles of a new partner; returns them by name. */
export async function seedPartnerRoles(client: DbOrTx, partnerId: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const role of BUILT_IN_PARTNER_ROLES) {
    const created = await client.role.create({
      data: {
        partnerId,
        name: role.name,
        description: role.description,
        scope: role.scope,
        isSystem: true,
        permissions: [...role.permissions],
      },
    });
    ids[role.name] = created.id;
  }
  return ids;
}
