import { randomUUID } from 'node:crypto';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { assertPsaUrl } from './assert-psa-url';
import { credentialHint, sealPsaCredentials } from './connection-credentials';
import { toPsaConnectionDto } from './to-psa-connection-dto';
import type { TCreatePsaConnection } from './schemas';

export async function createPsaConnection(ctx: ScopedContext, input: TCreatePsaConnection) {
  const { partnerId } = ownPartnerWhere(ctx);
  await assertPsaUrl(input.baseUrl);
  // The id is chosen first so the sealed credentials can be bound to it in the same insert.
  const id = randomUUID();
  const credentials = input.credentials as Record<string, string>;
  const row = await db.psaConnection.create({
    data: {
      id,
      partnerId,
      provider: input.provider,
      name: input.name,
      baseUrl: input.baseUrl,
      credentialsSealed: sealPsaCredentials(id, credentials),
      credentialHint: credentialHint(input.provider, credentials),
    },
  });
  return toPsaConnectionDto(row, null);
}
