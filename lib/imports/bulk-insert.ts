// INSERT … SELECT FROM unnest(…): one array parameter per column, however many rows. Prisma's
// createMany binds one parameter per value, which costs seconds at a few thousand rows here.
import type { Tx } from '@/lib/db';

export interface BulkColumn {
  column: string;
  /** PostgreSQL element type of the array parameter (uuid, text, int4 …). */
  type: string;
  values: unknown[];
  /** Cast applied to each element on insert (e.g. jsonb, "ContactRole"[] from text). */
  cast?: string;
}

/** Inserts one row per index of the columns' value arrays; `constants` are SQL expressions (now()). */
export async function bulkInsert(tx: Tx, table: string, columns: BulkColumn[], constants: Record<string, string> = {}): Promise<void> {
  const count = columns[0]?.values.length ?? 0;
  if (count === 0) return;
  if (columns.some((c) => c.values.length !== count)) throw new Error(`bulkInsert(${table}): columns of unequal length`);
  const names = [...columns.map((c) => `"${c.column}"`), ...Object.keys(constants).map((k) => `"${k}"`)];
  const select = [...columns.map((c, i) => (c.cast ? `v.c${i}::${c.cast}` : `v.c${i}`)), ...Object.values(constants)];
  const params = columns.map((c, i) => `$${i + 1}::${c.type}[]`);
  const sql = `insert into "${table}" (${names.join(', ')}) select ${select.join(', ')} from unnest(${params.join(', ')}) as v(${columns.map((_, i) => `c${i}`).join(', ')})`;
  await tx.$executeRawUnsafe(sql, ...columns.map((c) => c.values));
}

/** Column helper: `col('name', 'text', rows, (r) => r.name)`. */
export function col<T>(column: string, type: string, rows: T[], pick: (row: T) => unknown, cast?: string): BulkColumn {
  return { column, type, values: rows.map(pick), ...(cast ? { cast } : {}) };
}
