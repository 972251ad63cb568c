// POST /api-keys/:id/rotate: a new secret, shown once. With a grace period the replaced secret
// keeps working until it ends (time to roll the new one out); a later rotation ends any earlier
// grace at once, so at most two secrets of a key ever work.
import { z } from 'zod';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOwnApiKeyOrThrow } from '@/lib/api-keys/get-api-key-or-throw';
import { generateApiKeySecret } from '@/lib/api-keys/api-key-secret';
import { apiKeyInclude } from '@/lib/api-keys/api-key-scope';
import { apiKeyStatus, toApiKeyDto } from '@/lib/api-keys/to-api-key-dto';
import { apiKeyRevoked } from '@/lib/api-keys/update-api-key';
import { ZRotateApiKey } from '@/lib/api-keys/schemas';

export async function rotateApiKey(ctx: UserContext, id: string, input: z.output<typeof ZRotateApiKey>) {
  const maxGrace = env().API_KEY_MAX_GRACE_HOURS * 3600;
  if (input.gracePeriodSeconds > maxGrace) {
    throw badRequest(`gracePeriodSeconds must be at most ${maxGrace}`, [{ path: 'body.gracePeriodSeconds', message: `At most ${maxGrace}` }]);
  }
  const secret = generateApiKeySecret();
  const key = await db.$transaction(async (tx) => {
    const current = await getOwnApiKeyOrThrow(ctx, id, tx);
    const status = apiKeyStatus(current);
    if (status === 'revoked') throw apiKeyRevoked();
    if (status === 'expired') throw conflict('This API key has expired; create a new one', 'API_KEY_EXPIRED');
    const graceEnds = input.gracePeriodSeconds > 0 ? new Date(Date.now() + input.gracePeriodSeconds * 1000) : null;
    // Compare-and-set on the secret: of two concurrent rotations exactly one wins.
    const swapped = await tx.apiKey.updateMany({
      where: { id, secretHash: current.secretHash },
      data: {
        secretHash: secret.hash,
        prefix: secret.prefix,
        previousSecretHash: graceEnds ? current.secretHash : null,
        previousSecretExpiresAt: graceEnds,
        rotatedAt: new Date(),
      },
    });
    if (swapped.count !== 1) throw conflict('The key was rotated concurrently; retry', 'CONFLICT');
    await writeAudit(ctx, {
      action: 'api_key.rotate',
      targetType: 'api_key',
      targetId: id,
      partnerId: current.partnerId,
      orgId: current.orgId,
      details: { prefix: secret.prefix, previousPrefix: current.prefix, gracePeriodSeconds: input.gracePeriodSeconds },
    }, tx);
    return tx.apiKey.findUniqueOrThrow({ where: { id }, include: apiKeyInclude });
  });
  return { ...toApiKeyDto(key), key: secret.secret };
}
