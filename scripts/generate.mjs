// postinstall: generates the Prisma client (needs a DATABASE_URL value to parse the schema, not
// a database), the route index and the agent bundle (so a fresh clone serves agent downloads).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, CHECKPOINT_DISABLE: '1', DATABASE_URL: process.env.DATABASE_URL || 'postgresql://localhost/unused' };
execFileSync(process.execPath, ['--require', path.join(root, 'scripts/lib/unref-timers.cjs'), path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], { cwd: root, env, stdio: 'inherit' });
execFileSync(process.execPath, [path.join(root, 'scripts/gen-route-index.mjs')], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, [path.join(root, 'scripts/build-agent.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
