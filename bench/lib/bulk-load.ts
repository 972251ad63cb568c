// Set-based seeding of the large tables the scenarios start from (devices, their installed
// software). Millions of rows inserted into a table with its secondary indexes in place cost a
// random b-tree descent per row and index; PostgreSQL builds the same index from a sort in a
// fraction of that time. So a bulk load drops the table's plain indexes (never the primary key or
// a unique constraint, which the load relies on), runs the INSERT … SELECT statements, builds the
// indexes again from their stored definitions and refreshes the planner's statistics. The table
// ends exactly as the migrations left it.
import { dbPool } from '@/lib/db';

interface IndexDef {
  name: string;
  def: string;
}

/** The indexes of `table` that back no constraint (a plain CREATE INDEX of a migration). */
async function plainIndexes(table: string): Promise<IndexDef[]> {
  const { rows } = await dbPool().query<IndexDef>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.conrelid = $1::regclass)`,
    [table],
  );
  return rows;
}

/**
 * Runs `load` (the statements that fill `table`) with the table's plain indexes dropped, then
 * recreates them. `load` gets one connection of its own so its statements may run in order.
 */
export async function bulkLoad<T>(table: string, load: (query: (sql: string, params?: unknown[]) => Promise<number>) => Promise<T>): Promise<T> {
  const client = await dbPool().connect();
  const indexes = await plainIndexes(table);
  try {
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await client.query(`drop index if exists "${ix.name}"`);
    const out = await load(async (sql, params) => (await client.query(sql, params as unknown[])).rowCount ?? 0);
    return out;
  } finally {
    // Recreated even when the load failed: the scenarios after it expect the migrated schema.
    for (const ix of indexes) await client.query(ix.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await client.query(`analyze "${table}"`);
    client.release();
  }
}

export interface SoftwareSeed {
  /** Devices (their ids) that get software rows. */
  deviceIds: string[];
  /** Distinct packages per device. */
  packagesPerDevice: number;
  /** Size of the name pool the packages are drawn from (`${prefix}N`, N < pool). */
  pool: number;
  /** Name prefix of the pool's packages. */
  prefix: string;
  /** The inventory's package manager (device_software.source). */
  source: string;
  /** os-release name and version stored as the devices' inventory (what the matcher keys the ecosystem on). */
  os: { name: string; version: string };
}

/**
 * Installed software for many devices in two statements: one inventory row per device and
 * `packagesPerDevice` software rows per device, device i's k-th package being
 * `${prefix}${(i*101 + k*37) % pool}` (37 is prime to every pool size used, so the names of one
 * device are distinct while the pool is larger than the count) at version `1.${(i*7 + k*13) % 100}-1`.
 * Returns the number of software rows.
 */
export async function seedSoftware(seed: SoftwareSeed): Promise<number> {
  if (seed.deviceIds.length === 0) return 0;
  await dbPool().query(
    `insert into device_inventory (device_id, partner_id, org_id, os, collected_at)
     select d.id, d.partner_id, d.org_id, $2::jsonb, now() from devices d where d.id = any($1::uuid[])
     on conflict (device_id) do update set os = excluded.os`,
    [seed.deviceIds, JSON.stringify(seed.os)],
  );
  return bulkLoad('device_software', (query) =>
    query(
      `insert into device_software (id, device_id, partner_id, org_id, name, version, source)
       select gen_random_uuid(), d.id, d.partner_id, d.org_id, $2 || ((u.n * 101 + g * 37) % $3::int), '1.' || ((u.n * 7 + g * 13) % 100) || '-1', $4
       from unnest($1::uuid[]) with ordinality u(id, n) join devices d on d.id = u.id
       cross join generate_series(1, $5::int) g`,
      [seed.deviceIds, seed.prefix, seed.pool, seed.source, seed.packagesPerDevice],
    ),
  );
}
