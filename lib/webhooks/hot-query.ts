// The delivery hot path (claim and outcome, once per attempt) sends its statements straight to
// the pg pool under Prisma: same connections and parameter binding, without the client's
// per-query overhead, which dominated an attempt's database cost when measured.
import { dbPool } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

export async function hotQuery<T>(sql: Prisma.Sql): Promise<T[]> {
  const result = await dbPool().query(sql.text, sql.values as unknown[]);
  return result.rows as T[];
}

const DEADLOCK_TRIES = 3;

/**
 * Runs a batch statement again when PostgreSQL chose it as a deadlock victim (40P01), which
 * rolled it back whole. Batches lock their rows in id order, so this is a backstop: a batch
 * failing would fail every attempt in it, after their requests were sent.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || i >= DEADLOCK_TRIES) throw error;
    }
  }
}
