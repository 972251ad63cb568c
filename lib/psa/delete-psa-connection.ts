import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { conflict } from '@/lib/http/errors';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';

/** Deletes the connection and its synced records; refused while service management uses it. */
export async function deletePsaConnection(ctx: ScopedContext, id: string): Promise<void> {
  const { partnerId } = ownPartnerWhere(ctx);
  await db.$transaction(async (tx) => {
    // The partner row lock orders this against a PATCH binding the connection at the same time.
    const partner = await tx.$queryRaw<{ psa: string | null }[]>`select service_management_psa_connection_id::text as psa from partners where id = ${partnerId}::uuid for update`;
    const row = await getPsaConnectionOrThrow(ctx, id, tx);
    if (partner[0]?.psa === row.id) {
      throw conflict('The connection is the partner’s service-management PSA: switch serviceManagementMode away from external (or bind another connection) first', 'PSA_CONNECTION_IN_USE');
    }
    await tx.psaConnection.delete({ where: { id: row.id } });
  });
}
