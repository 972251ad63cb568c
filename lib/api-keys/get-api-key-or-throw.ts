import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { forbidden, notFound } from '@/lib/http/errors';
import { apiKeyInclude, apiKeyWhere } from '@/lib/api-keys/api-key-scope';

export async function getApiKeyOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db) {
  const key = await client.apiKey.findFirst({ where: { AND: [{ id }, apiKeyWhere(ctx)] }, include: apiKeyInclude });
  if (!key) throw notFound('API key');
  return key;
}

/** Changing or rotating a key hands out its power: only its owner may. */
export async function getOwnApiKeyOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db) {
  const key = await getApiKeyOrThrow(ctx, id, client);
  if (key.userId !== ctx.userId) throw forbidden('Only the owner can change or rotate an API key; revoke it instead', 'NOT_KEY_OWNER');
  return key;
}
