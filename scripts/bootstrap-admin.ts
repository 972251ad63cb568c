// Creates the platform admin on the database in DATABASE_URL (used by `npm test` for the browser tests).
import { ensureBootstrapAdmin } from '../lib/bootstrap/ensure-bootstrap-admin';
import { disconnectDb } from '../lib/db';

const result = await ensureBootstrapAdmin();
await disconnectDb();
if (result.generatedPassword) console.log(`platform admin ${result.email}, generated password: ${result.generatedPassword}`);
