// The `apiKey` credential class. The key acts as its owner, resolved from the database on every
// request: the owner's current role permissions narrowed to the key's scopes, the owner's scope
// and organization access, the partner guard and (for partner and organization owners) the
// partner's IP allowlist. Removing or disabling the owner stops the key at once.
import { db } from '@/lib/db';
import { unauthorized, unavailable } from '@/lib/http/errors';
import type { ApiKeyContext } from '@/lib/auth/context';
import { isPermission, type Permission } from '@/lib/auth/permissions';
import { sha256Hex } from '@/lib/auth/secrets';
import { principalFromUser, principalInclude, type UserWithMemberships } from '@/lib/auth/load-principal';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';
import { logger } from '@/lib/observability/logger';
import { isWellFormedApiKey, presentedApiKey } from '@/lib/api-keys/api-key-secret';
import { recordPluginApiCall } from '@/lib/plugins/record-plugin-api-call';

/** Last-used bookkeeping is written at most this often per key (unless the address changes). */
const LAST_USED_RESOLUTION_MS = 60_000;

const invalidKey = (message = 'Invalid API key') => unauthorized(message, 'INVALID_API_KEY');

export async function authenticateApiKey(req: Request, base: { requestId: string; ip: string | null }): Promise<ApiKeyContext> {
  const presented = presentedApiKey(req);
  if (!presented) throw unauthorized('Missing API key');
  if (presented.startsWith('svc_sp_')) throw invalidKey('Service-principal keys are accepted only on the partner API');
  if (!isWellFormedApiKey(presented)) throw invalidKey();

  const hash = sha256Hex(presented);
  const key = await db.apiKey
    .findFirst({ where: { OR: [{ secretHash: hash }, { previousSecretHash: hash }] }, include: { owner: { include: principalInclude }, pluginInstallation: { select: { id: true, status: true } } } })
    .catch(() => {
      // Without the key row the allowlist cannot be checked either: fail closed.
      throw unavailable('Could not verify access; try again shortly');
    });
  if (!key) throw invalidKey();
  const now = new Date();
  if (key.secretHash !== hash && !(key.previousSecretExpiresAt && key.previousSecretExpiresAt > now)) {
    throw invalidKey('This API key secret was rotated and its grace period has ended');
  }
  if (key.revokedAt) throw invalidKey('API key has been revoked');
  if (key.expiresAt && key.expiresAt <= now) throw invalidKey('API key has expired');
  const plugin = key.pluginInstallation;
  if (plugin && plugin.status !== 'enabled') {
    // A disabled plugin's call is refused, and shows in its log as refused.
    await recordPluginApiCall({ installationId: plugin.id, method: req.method, route: new URL(req.url).pathname, status: 401, durationMs: 0 });
    throw unauthorized('This plugin is disabled', 'PLUGIN_DISABLED');
  }

  const principal = principalFromUser(key.owner as UserWithMemberships);
  if (!principal || principal.status !== 'active' || principal.partnerId !== key.partnerId) {
    throw invalidKey('The owner of this API key no longer has access');
  }
  assertPartnerActive(principal.partnerStatus);

  const scopes = new Set(key.scopes.filter(isPermission));
  const permissions = new Set<Permission>([...principal.permissions].filter((p) => scopes.has(p)));
  const ctx: ApiKeyContext = {
    kind: 'apiKey',
    ...base,
    apiKeyId: key.id,
    userId: principal.userId,
    email: principal.email,
    name: principal.name,
    scope: principal.scope,
    partnerId: principal.partnerId,
    orgId: principal.orgId,
    roleId: principal.roleId,
    permissions,
    orgAccess: principal.orgAccess,
    orgIds: principal.orgIds,
    ...(plugin ? { pluginInstallationId: plugin.id } : {}),
  };
  await enforceIpAllowlist(ctx, principal, 'request');

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS || key.lastUsedIp !== base.ip) {
    // Raw on purpose: use is not a change of the key, so updated_at stays as it was.
    await db.$executeRaw`update api_keys set last_used_at = ${now}, last_used_ip = ${base.ip} where id = ${key.id}::uuid`
      .catch((err: unknown) => logger.warn({ err, apiKeyId: key.id }, 'could not record API key use'));
  }
  return ctx;
}
