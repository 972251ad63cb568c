// The release step of a production deployment, run once per upgrade before the new web and
// worker processes start (compiled to dist/release.js: `npm run release`, the compose `release`
// service, the Helm pre-install/pre-upgrade Job): applies pending migrations (Prisma's and
// graphile-worker's) and creates the platform admin on the first release. The web and worker
// processes themselves never migrate, so replicas starting together do not race over the schema.
// It exits 0 when the database is up to date, non-zero (with the reason) otherwise.
import pino from 'pino';
import { migrateDatabase } from './lib/migrate';
import { env, logSettings } from '../lib/env';
import { ensureBootstrapAdmin } from '../lib/bootstrap/ensure-bootstrap-admin';
import { disconnectDb } from '../lib/db';

// JSON lines like the other processes'. Its own logger: the app's redacts fields named password,
// and the generated one is printed here once on purpose (in the message).
const log = pino({ level: logSettings().LOG_LEVEL, base: { service: 'release' } }, pino.destination({ dest: 1, sync: true }));
const say = (message: string) => log.info(message);

async function release(): Promise<void> {
  // Every setting is checked first: the processes this release precedes would refuse to start
  // on a bad one, so it should not migrate either.
  const databaseUrl = env().DATABASE_URL;
  // Both migrators hold a lock while they work: a second release started by mistake waits
  // for the first and then finds nothing left to apply.
  await migrateDatabase(databaseUrl, { quiet: true });
  say('database migrated');
  try {
    const admin = await ensureBootstrapAdmin();
    if (admin.created) {
      say(`created the platform admin ${admin.email}`);
      if (admin.generatedPassword) say(`its generated password (shown once): ${admin.generatedPassword}`);
    }
  } finally {
    await disconnectDb();
  }
}

release().then(
  () => process.exit(0),
  (error: unknown) => {
    log.fatal({ err: error instanceof Error ? { message: error.message } : error }, 'release failed');
    process.exit(1);
  },
);
