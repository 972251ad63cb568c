// Writes a new migration from the schema change since a git revision (default HEAD):
//   npm run db:new-migration -- <name> [--from <rev>]
// It diffs two schema versions with `prisma migrate diff`, so it needs no database and no
// shadow database (`prisma migrate dev` crashes in the offline JS schema engine once the
// database has CHECK constraints). The CLI still opens a connection (its JS engine runs through
// the adapter), so a throwaway embedded PostgreSQL is started unless DATABASE_URL is set.
// Review the SQL it writes; add raw SQL where useful.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvePostgres, throwawayDataDir } from './lib/postgres';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
const rev = fromIndex >= 0 ? args[fromIndex + 1] : 'HEAD';
const name = args.filter((_, i) => fromIndex < 0 || (i !== fromIndex && i !== fromIndex + 1))[0];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:new-migration -- <snake_case_name> [--from <git-rev>]');
  process.exit(1);
}

const base = mkdtempSync(path.join(tmpdir(), 'schema-base-'));
const pg = await resolvePostgres({ dataDir: throwawayDataDir(root, 'migration'), databaseUrl: process.env.DATABASE_URL, ephemeral: true });
try {
  const files = execFileSync('git', ['ls-tree', '--name-only', rev, 'prisma/schema/'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    writeFileSync(path.join(base, path.basename(file)), execFileSync('git', ['show', `${rev}:${file}`], { cwd: root }));
  }
  const sql = execFileSync(
    process.execPath,
    ['--require', path.join(root, 'scripts/lib/unref-timers.cjs'), path.join(root, 'node_modules/prisma/build/index.js'), 'migrate', 'diff', '--from-schema-datamodel', base, '--to-schema-datamodel', path.join(root, 'prisma/schema'), '--script'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1', DATABASE_URL: pg.urlFor('postgres') }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (!sql.trim() || /^-- This is an empty migration/m.test(sql)) {
    console.error(`no schema change since ${rev}`);
    process.exitCode = 1;
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = path.join(root, 'prisma/migrations', `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'migration.sql'), sql);
    console.log(`wrote ${path.relative(root, dir)}/migration.sql — review it, then run node scripts/generate.mjs`);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
  await pg.stop();
}
