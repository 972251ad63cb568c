// PATCH /api-keys/:id: rename, re-scope (within the owner's permissions) or change expiry.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { getOwnApiKeyOrThrow } from '@/lib/api-keys/get-api-key-or-throw';
import { apiKeyInclude } from '@/lib/api-keys/api-key-scope';
import { toApiKeyDto } from '@/lib/api-keys/to-api-key-dto';
import { ZUpdateApiKey } from '@/lib/api-keys/schemas';

export const apiKeyRevoked = () => conflict('This API key is revoked', 'API_KEY_REVOKED');

export async function updateApiKey(ctx: UserContext, id: string, input: z.output<typeof ZUpdateApiKey>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  if (input.scopes) assertCanGrantPermissions(ctx, input.scopes, 'give an API key');
  const key = await db.$transaction(async (tx) => {
    const current = await getOwnApiKeyOrThrow(ctx, id, tx);
    if (current.revokedAt) throw apiKeyRevoked();
    const updated = await tx.apiKey.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.scopes !== undefined ? { scopes: input.scopes } : {}),
        ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null } : {}),
      },
      include: apiKeyInclude,
    });
    await writeAudit(ctx, { action: 'api_key.update', targetType: 'api_key', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { ...input } }, tx);
    return updated;
  });
  return toApiKeyDto(key);
}
