import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest } from '@/lib/http/errors';
import { assertPsaUrl } from './assert-psa-url';
import { credentialHint, credentialsFor, sealPsaCredentials } from './connection-credentials';
import { boundPsaConnectionId, getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import { toPsaConnectionDto } from './to-psa-connection-dto';
import type { TUpdatePsaConnection } from './schemas';

export async function updatePsaConnection(ctx: ScopedContext, id: string, input: TUpdatePsaConnection) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const current = await getPsaConnectionOrThrow(ctx, id);
  const data: Prisma.PsaConnectionUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.baseUrl !== undefined) {
    await assertPsaUrl(input.baseUrl);
    data.baseUrl = input.baseUrl;
  }
  if (input.credentials !== undefined) {
    const credentials = credentialsFor(current.provider, input.credentials);
    data.credentialsSealed = sealPsaCredentials(current.id, credentials);
    data.credentialHint = credentialHint(current.provider, credentials);
  }
  // New credentials or a new address invalidate the last live check.
  if (data.baseUrl !== undefined || data.credentialsSealed !== undefined) Object.assign(data, { lastTestAt: null, lastTestOk: null, lastTestError: null });
  const row = await db.psaConnection.update({ where: { id: current.id }, data });
  return toPsaConnectionDto(row, await boundPsaConnectionId(current.partnerId));
}
