// The delivery hot path (claim and outcome, once per attempt) sends its statements straight to
// the pg pool under Prisma: same connections and parameter binding, without the client's
// per-query overhead, which dominated an attempt's database cost when measured.
import { dbPool } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

export async function hotQuery<T>(sql: Prisma.Sql): Promise<T[]> {
  const result = await dbPool().query(sql.text, sql.values as unknown[]);
  return result.rows as T[];
}
