// POST /api-keys: a key owned by the caller. Its scopes must be permissions the caller holds;
// at request time the key gets the owner's then-current permissions narrowed to those scopes.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { generateApiKeySecret } from '@/lib/api-keys/api-key-secret';
import { apiKeyInclude, statusWhere } from '@/lib/api-keys/api-key-scope';
import { toApiKeyDto } from '@/lib/api-keys/to-api-key-dto';
import { ZCreateApiKey } from '@/lib/api-keys/schemas';

export const MAX_ACTIVE_KEYS_PER_USER = 50;

export async function createApiKey(ctx: UserContext, input: z.output<typeof ZCreateApiKey>) {
  assertCanGrantPermissions(ctx, input.scopes, 'give an API key');
  const secret = generateApiKeySecret();
  const key = await db.$transaction(async (tx) => {
    // Serialise one owner's creations so the cap holds under concurrency.
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${ctx.userId}`}, 0))`;
    const active = await tx.apiKey.count({ where: { userId: ctx.userId, ...statusWhere('active') } });
    if (active >= MAX_ACTIVE_KEYS_PER_USER) throw conflict(`You already have ${active} active API keys; revoke unused ones first`, 'API_KEY_LIMIT');
    const created = await tx.apiKey.create({
      data: {
        userId: ctx.userId,
        partnerId: ctx.partnerId,
        orgId: ctx.orgId,
        name: input.name,
        prefix: secret.prefix,
        secretHash: secret.hash,
        scopes: input.scopes,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      },
      include: apiKeyInclude,
    });
    await writeAudit(ctx, { action: 'api_key.create', targetType: 'api_key', targetId: created.id, details: { name: created.name, prefix: created.prefix, scopes: created.scopes, expiresAt: created.expiresAt } }, tx);
    return created;
  });
  return { ...toApiKeyDto(key), key: secret.secret };
}
