import type { ScopedContext } from '@/lib/auth/context';
import { boundPsaConnectionId, getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import { toPsaConnectionDto } from './to-psa-connection-dto';

export async function getPsaConnection(ctx: ScopedContext, id: string) {
  const row = await getPsaConnectionOrThrow(ctx, id);
  return toPsaConnectionDto(row, await boundPsaConnectionId(row.partnerId));
}
