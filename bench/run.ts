// npm run bench [-- <name>…]: runs every bench/*.bench.ts (or the named ones) in turn; each
// starts its own database and prints its figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (wanted.length === 0 || wanted.some((w) => f.startsWith(w))))
  .sort();
for (const file of files) {
  console.log(`\n== ${file}`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', cwd: path.resolve(dir, '..') });
}
