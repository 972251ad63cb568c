// The files of the Docker image's runtime stage, laid out in a directory without Docker, so the
// production check runs the programs from exactly what the image carries: the Dockerfile's
// runtime COPY lines are read and carried out against this checkout (the build stage's output
// is the checkout after `npm run build`; the prod-deps stage's node_modules is the production
// dependency tree as `npm ls --omit=dev` lists it, minus what that stage removes). A file the
// Dockerfile forgets to copy, or a package only a development dependency brings, then fails the
// check instead of the first container start.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

interface Stage {
  name: string;
  lines: string[];
}

/** The Dockerfile's stages with their instructions (continuation lines joined). */
export function dockerfileStages(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? `stage-${stages.length}`, lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** Paths (relative to /app) that `rm -rf` removes in a stage's RUN lines. */
function removedIn(stage: Stage | undefined): string[] {
  return (stage?.lines ?? [])
    .filter((l) => /^RUN\s/i.test(l))
    .flatMap((l) => [...l.matchAll(/rm -rf ((?:[^\s&;|]+\s*)+)/g)].flatMap((m) => m[1].trim().split(/\s+/)));
}

/** Hard links (copies across file systems) of a file tree; skip names paths left out. */
function linkTree(src: string, dest: string, skip: (p: string) => boolean): void {
  if (skip(src) || existsSync(dest)) return;
  const stat = lstatSync(src);
  if (stat.isSymbolicLink()) return symlinkSync(readlinkSync(src), dest);
  if (stat.isDirectory()) {
    mkdirSync(dest, { recursive: true });
    for (const name of readdirSync(src)) linkTree(path.join(src, name), path.join(dest, name), skip);
    return;
  }
  try {
    linkSync(src, dest);
  } catch {
    copyFileSync(src, dest);
  }
}

/** The production dependency tree's package directories, relative to node_modules. */
function productionPackages(): string[] {
  const ls = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // npm ls also exits 1 for extraneous packages; the listing is what counts.
  const prefix = `${path.join(root, 'node_modules')}${path.sep}`;
  const packages = ls.stdout.split('\n').filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  if (packages.length === 0) throw new Error(`npm ls --omit=dev listed no packages: ${ls.stderr || ls.error?.message}`);
  // Parents first: a nested package is then already inside its parent's copy.
  return packages.sort((a, b) => a.length - b.length);
}

/**
 * Lays the runtime stage out in `dir` (which must be outside this checkout, or Node would find
 * packages missing from it in the checkout's node_modules).
 */
export function assembleRuntime(dir: string): { copied: string[] } {
  const stages = dockerfileStages(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1);
  if (!runtime) throw new Error('Dockerfile: no stages');
  const byName = new Map(stages.map((s) => [s.name, s]));
  const copied: string[] = [];
  for (const line of runtime.lines) {
    const copy = /^COPY\s+--from=(\S+)\s+(.+)$/i.exec(line);
    if (copy) {
      const [stage, rest] = [copy[1], copy[2].split(/\s+/)];
      const dest = path.resolve(dir, rest.at(-1)!);
      for (const source of rest.slice(0, -1)) {
        const rel = path.posix.relative('/app', source);
        const removed = removedIn(byName.get(stage)).map((r) => path.join(root, r));
        const skip = (p: string) => removed.some((r) => p === r || p.startsWith(`${r}${path.sep}`));
        const target = rest.length > 2 || rest.at(-1)!.endsWith('/') ? path.join(dest, path.basename(rel)) : dest;
        if (rel === 'node_modules' && stage !== 'build') {
          for (const pkg of productionPackages()) linkTree(path.join(root, 'node_modules', pkg), path.join(target, pkg), skip);
        } else {
          mkdirSync(path.dirname(target), { recursive: true });
          linkTree(path.join(root, rel), target, skip);
        }
        copied.push(rel);
      }
    }
    const mkdir = /^RUN\s+mkdir -p ((?:[^\s&;|]+\s*)+)/i.exec(line);
    if (mkdir) for (const d of mkdir[1].trim().split(/\s+/)) mkdirSync(path.join(dir, d), { recursive: true });
  }
  return { copied };
}

export function removeRuntime(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
