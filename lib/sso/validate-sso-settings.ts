// Checks shared by create and update: the issuer is a URL the service may reach, mapped roles
// belong to the provider's partner at the provider's level. Email domains are checked where
// they are stored (sso-domains.ts).
import { db } from '@/lib/db';
import { badRequest, notFound, type ErrorDetail } from '@/lib/http/errors';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';

interface Settings {
  issuer?: string;
  roleMappings?: { group: string; roleId: string }[];
  defaultRoleId?: string | null;
}

export async function validateSsoSettings(owner: { partnerId: string; orgId: string | null }, input: Settings): Promise<void> {
  if (input.issuer !== undefined) {
    const check = await checkWebhookUrl(input.issuer);
    if (!check.ok) throw badRequest(`Invalid issuer: ${check.reason}`, [{ path: 'body.issuer', message: check.reason }]);
  }
  const roleIds = [...new Set([...(input.roleMappings ?? []).map((m) => m.roleId), ...(input.defaultRoleId ? [input.defaultRoleId] : [])])];
  if (roleIds.length > 0) {
    const scope = owner.orgId ? 'organization' : 'partner';
    const found = await db.role.findMany({ where: { id: { in: roleIds }, partnerId: owner.partnerId }, select: { id: true, scope: true } });
    // Another partner's role is as absent as one that does not exist.
    if (found.length < roleIds.length) throw notFound('Role');
    const known = new Set(found.filter((r) => r.scope === scope).map((r) => r.id));
    const details: ErrorDetail[] = [];
    (input.roleMappings ?? []).forEach((m, i) => {
      if (!known.has(m.roleId)) details.push({ path: `body.roleMappings.${i}.roleId`, message: `Not a ${scope} role of this partner` });
    });
    if (input.defaultRoleId && !known.has(input.defaultRoleId)) details.push({ path: 'body.defaultRoleId', message: `Not a ${scope} role of this partner` });
    if (details.length > 0) throw badRequest(`Roles must be ${scope} roles of the provider's partner`, details);
  }
}
