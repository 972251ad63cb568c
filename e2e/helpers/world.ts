// One seeded world for the page sweeps: a partner with (nearly) every kind of record, built by the
// same seeding the tenancy contract suites use, plus the people who sign in to look at it — a few
// MFA-enrolled partner admins (one per part of the sweep, so parts that sign in at the same moment
// never offer the same one-time code twice), a platform operator and a portal contact of the
// first organization.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSecret } from 'otplib';
import { db } from '@/lib/db';
import { seedTenant, type Tenant } from '@/tests/helpers/contract/tenant-world';
import { makePartnerUser, makePlatformAdmin } from '@/tests/helpers/factories';
import { PORTAL_PASSWORD } from '@/tests/helpers/portal';

export const WORLD_PASSWORD = 'Sweep-Console-Pass-8!';
/** How many partner admins the world has. */
export const WORLD_ADMINS = 3;

export interface Person {
  email: string;
  mfaSecret: string;
}

export interface World {
  tenant: Pick<Tenant, 'marker' | 'label'>;
  ids: Record<string, string>;
  admins: Person[];
  platformAdmin: Person;
  portal: { email: string; password: string };
}

/**
 * The run's world: seeded by the first caller and kept next to the test artifacts, keyed by the
 * run's database, so a worker Playwright restarts after a failed test finds it instead of seeding
 * another.
 */
export async function loadWorld(): Promise<World> {
  const key = createHash('sha256').update(process.env.DATABASE_URL ?? '').digest('hex').slice(0, 16);
  const dir = path.resolve(import.meta.dirname, '..', 'artifacts');
  const file = path.join(dir, `world-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as World;
  const world = await seedWorld();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(world));
  return world;
}

async function seedWorld(): Promise<World> {
  // The seeding runs the API's own handlers in this process, as the contract suites do, and gives
  // channels and webhooks loopback URLs, which the configuration allows only under test.
  Object.assign(process.env, { NODE_ENV: 'test' });
  const tenant = await seedTenant('Sweep');
  const tag = randomBytes(4).toString('hex');
  const admins: Person[] = [];
  for (let i = 1; i <= WORLD_ADMINS; i++) {
    const mfaSecret = generateSecret();
    const admin = await makePartnerUser(tenant.partner, { email: `sweep-admin-${i}-${tag}@e2e.test`, name: `Sam Sweep ${i}`, password: WORLD_PASSWORD, mfaSecret });
    admins.push({ email: admin.email, mfaSecret });
  }
  const platformSecret = generateSecret();
  const platform = await makePlatformAdmin({ email: `sweep-platform-${tag}@e2e.test`, name: 'Pat Sweep', password: WORLD_PASSWORD, mfaSecret: platformSecret });
  const contact = await db.contact.findUniqueOrThrow({ where: { id: tenant.ids.contact }, select: { email: true } });
  return {
    tenant: { marker: tenant.marker, label: tenant.label },
    ids: tenant.ids,
    admins,
    platformAdmin: { email: platform.email, mfaSecret: platformSecret },
    portal: { email: contact.email!, password: PORTAL_PASSWORD },
  };
}
