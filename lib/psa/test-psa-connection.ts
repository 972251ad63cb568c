import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { adapterFor } from './connection-credentials';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import { PsaError } from './psa-error';

/** A live credentials check against the PSA; the outcome is kept on the connection. */
export async function testPsaConnection(ctx: ScopedContext, id: string) {
  const row = await getPsaConnectionOrThrow(ctx, id);
  let error: string | null = null;
  try {
    await adapterFor(row).testCredentials();
  } catch (e) {
    if (!(e instanceof PsaError)) throw e;
    error = e.message;
  }
  const testedAt = new Date();
  await db.psaConnection.update({ where: { id: row.id }, data: { lastTestAt: testedAt, lastTestOk: error === null, lastTestError: error?.slice(0, 1000) ?? null } });
  return { ok: error === null, error, testedAt: testedAt.toISOString() };
}
