// One seeded world for the tenancy contract suites, seeded once per `vitest run` and cloned by
// each suite. Seeding two partners' worth of records through the API took each suite 10-30 s of
// CPU; cloning a database from a template takes well under one.
//
// The first suite to ask takes an advisory lock, seeds the world into its own database, copies
// that database as the world template and stores what the records' ids and the credentials that
// exist only at creation (API key, agent token) are in the template's comment. Every other suite
// waits on the lock, then replaces its own database by a clone of the template. Access tokens are
// minted per suite (they expire, and a session belongs in the suite's own database).
import pg from 'pg';
import { inject } from 'vitest';
import { db, disconnectDb } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { createDatabase, dropDatabase } from '../../../scripts/lib/postgres';
import { tokenFor } from '../factories';
import { allRowIds } from './route-ops';
import { seedOrgRecords, seedTenant, type Tenant } from './tenant-world';

export interface World {
  /** The partner whose callers probe; its second organization is seeded too (the sibling). */
  A: Tenant;
  /** The other partner, seeded last. */
  B: Tenant;
  /** Every uuid of a row created while B was seeded. */
  bRowIds: string[];
  /** The records of A's second organization by kind, as seedOrgRecords returned them. */
  siblingIds: Record<string, string>;
  siblingMarker: string;
  /** Every uuid of a row created while A's second organization was seeded. */
  siblingRowIds: string[];
}

type StoredTenant = Omit<Tenant, 'partner' | 'token'> & { partnerId: string; roles: Record<string, string> };

interface StoredWorld extends Omit<World, 'A' | 'B'> {
  A: StoredTenant;
  B: StoredTenant;
}

function store(t: Tenant): StoredTenant {
  const { partner, token: _token, ...rest } = t;
  return { ...rest, partnerId: partner.id, roles: partner.roles };
}

/** A before B, A's sibling organization between them, so each one's new rows are told apart. */
async function seedWorld(): Promise<StoredWorld> {
  const A = await seedTenant('A');
  const siblingMarker = `ZQS${A.marker.slice(3)}`;
  const beforeSibling = await allRowIds();
  const siblingIds = await seedOrgRecords(A, A.orgs[1], siblingMarker);
  const beforeB = await allRowIds();
  const B = await seedTenant('B');
  const afterB = await allRowIds();
  return {
    A: store(A),
    B: store(B),
    bRowIds: [...afterB].filter((id) => !beforeB.has(id)),
    siblingIds,
    siblingMarker,
    siblingRowIds: [...beforeB].filter((id) => !beforeSibling.has(id)),
  };
}

async function hydrate(t: StoredTenant): Promise<Tenant> {
  const { partnerId, roles, ...rest } = t;
  const partner = { ...(await db.partner.findUniqueOrThrow({ where: { id: partnerId } })), roles };
  return { ...rest, partner, token: await tokenFor({ id: t.adminId }, { mfa: true }) };
}

async function storedWorld(admin: pg.Client, name: string): Promise<StoredWorld | null> {
  const { rows } = await admin.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [name]);
  if (!rows.length) return null;
  if (!rows[0].comment) {
    // Left half-made by a suite that failed while copying it: made anew.
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return null;
  }
  return JSON.parse(rows[0].comment) as StoredWorld;
}

/**
 * This suite's database becomes a copy of the seeded world (seeded here if no suite did yet).
 * Call it first in beforeAll, before anything else writes to the database.
 */
export async function sharedWorld(): Promise<World> {
  const adminUrl = inject('pgAdminUrl');
  const worldDb = inject('contractWorldDb');
  const ownDb = decodeURIComponent(new URL(process.env.DATABASE_URL!).pathname.slice(1));
  // Channels and webhooks need a deliverable URL; with no network, a loopback one (test-only switch).
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let stored: StoredWorld | null;
  let seededHere = false;
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [worldDb]);
    try {
      stored = await storedWorld(admin, worldDb);
      if (!stored) {
        stored = await seedWorld();
        await disconnectDb();
        await admin.query(`CREATE DATABASE "${worldDb}" TEMPLATE "${ownDb}"`);
        await admin.query(`COMMENT ON DATABASE "${worldDb}" IS ${admin.escapeLiteral(JSON.stringify(stored))}`);
        seededHere = true;
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [worldDb]);
    }
  } finally {
    await admin.end();
  }
  if (!seededHere) {
    await disconnectDb();
    await dropDatabase(adminUrl, ownDb);
    await createDatabase(adminUrl, ownDb, worldDb);
  }
  return { ...stored, A: await hydrate(stored.A), B: await hydrate(stored.B) };
}
