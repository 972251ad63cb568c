// `--baseline <ref>`: the same bench, this tree against another commit on the same box in one
// sitting. The ref is checked out in a worktree of its own (outside this tree, reused between
// runs), and the two are run in turn (A = the ref, B = this tree: A, B, A, B…) so that a box
// getting busier or quieter during the sitting weighs on both alike. Each figure is the median of
// its rounds; the table gives B/A per row.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatComparison, type BenchRun } from './table';
import type { ScenarioResult } from './types';

const root = path.resolve(import.meta.dirname, '..', '..');
const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** A worktree of `ref` with dependencies, its generated clients and route index in place. */
function prepareBaseline(ref: string, say: (m: string) => void): { dir: string; sha: string } {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(tmpdir(), `rmm-bench-baseline-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, '.git'))) {
    say(`baseline: checking out ${ref} (${sha.slice(0, 12)}) in ${dir}`);
    git(['worktree', 'add', '--force', '--detach', dir, sha]);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    const sameLock = (() => {
      try {
        git(['diff', '--quiet', sha, '--', 'package-lock.json']);
        return true;
      } catch {
        return false;
      }
    })();
    if (sameLock) {
      // Same lock file: the installed tree is the same, hard-linked rather than downloaded again.
      say('baseline: same package-lock.json, linking node_modules');
      execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    } else {
      say('baseline: package-lock.json differs, npm ci');
      execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    }
  }
  // The ref's own Prisma client and route index (its schema and routes, not this tree's).
  execFileSync(process.execPath, ['scripts/generate.mjs'], { cwd: dir, stdio: 'inherit' });
  if (existsSync(path.join(dir, 'scripts/gen-route-index.mjs'))) execFileSync(process.execPath, ['scripts/gen-route-index.mjs'], { cwd: dir, stdio: 'inherit' });
  return { dir, sha };
}

function runBench(cwd: string, args: string[], label: string, say: (m: string) => void): Promise<BenchRun> {
  return new Promise((resolve, reject) => {
    say(`${label}: npm run bench -- ${args.join(' ')} (in ${cwd})`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args, '--label', label], { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${label} exited ${code}`));
      const dir = path.join(cwd, 'bench', 'results');
      const file = readdirSync(dir).filter((f) => f.endsWith(`-${label}.json`)).sort().pop();
      if (!file) return reject(new Error(`${label} wrote no result file`));
      resolve(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as BenchRun);
    });
  });
}

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : null;
};

/** One run whose every row holds the median of that row's figures over the rounds. */
export function medianRun(runs: BenchRun[]): BenchRun {
  const first = runs[0];
  const results: ScenarioResult[] = first.results.map((row) => {
    const same = runs.map((r) => r.results.find((x) => x.id === row.id)).filter((x): x is ScenarioResult => Boolean(x));
    const pick = (key: 'throughput' | 'p50' | 'p95' | 'p99') => median(same.map((x) => x[key]).filter((x): x is number => x !== null));
    return { ...row, throughput: pick('throughput'), p50: pick('p50'), p95: pick('p95'), p99: pick('p99'), errors: same.reduce((n, x) => n + x.errors, 0), extra: { ...row.extra, rounds: same.length } };
  });
  return { ...first, finishedAt: runs[runs.length - 1].finishedAt, results };
}

export async function runAgainstBaseline(ref: string, forwarded: string[], rounds: number, say: (m: string) => void): Promise<void> {
  const { dir, sha } = prepareBaseline(ref, say);
  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const a: BenchRun[] = [];
  const b: BenchRun[] = [];
  for (let i = 1; i <= rounds; i++) {
    a.push(await runBench(dir, forwarded, `ab-${stamp}-A${i}`, say));
    b.push(await runBench(root, forwarded, `ab-${stamp}-B${i}`, say));
  }
  const ma = medianRun(a);
  const mb = medianRun(b);
  ma.options.label = `A ${ref} (${sha.slice(0, 12)}), median of ${rounds}`;
  mb.options.label = `B this tree (${git(['rev-parse', '--short=12', 'HEAD'])}${git(['status', '--porcelain']) ? ' + changes' : ''}), median of ${rounds}`;
  const table = formatComparison(ma, mb);
  console.log(`\n${table}`);
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `${stamp}-ab.json`);
  writeFileSync(file, `${JSON.stringify({ baseline: { ref, sha }, rounds, a: ma, b: mb, runs: { a, b } }, null, 2)}\n`);
  say(`A/B written to ${path.relative(process.cwd(), file)}`);
}
