import { randomBytes } from 'node:crypto';
import type { Tx } from '@/lib/db';

/**
 * Runs `fn` inside a savepoint of the open transaction: when it throws, its writes are undone
 * and the transaction stays usable, so one failing part of an import does not sink the rest.
 */
export async function withSavepoint<T>(tx: Tx, fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  const name = `sp_${randomBytes(6).toString('hex')}`;
  await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
  try {
    const value = await fn();
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return { ok: true, value };
  } catch (error) {
    await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
    return { ok: false, error };
  }
}
