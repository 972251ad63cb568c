// Compiles the production processes to plain JavaScript (esbuild), so production runs `node`
// rather than compiling TypeScript at run time (tsx):
//   dist/server.js   the web server (server.ts: Next.js over the `next build` output in .next)
//   dist/worker.js   the background worker (worker/index.ts)
//   dist/release.js  the release step: migrations and the first admin, once per upgrade
//   dist/start.js    all of it on one host, supervised (`npm run start:prod`)
//   dist/healthcheck.js  container health checks of the web and the worker
// Our own code (lib/, app/api route modules the server imports directly, the generated Prisma
// client) is bundled; packages stay imports of node_modules (`npm ci --omit=dev` provides them),
// so Next, Prisma's query compiler and pino load exactly as they do under tsx.
// Run by `npm run build` after `next build`; alone: `npm run bundle` (a few seconds).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

export const ENTRIES = {
  server: 'server.ts',
  worker: 'worker/index.ts',
  release: 'scripts/release.ts',
  start: 'scripts/start-production.ts',
  healthcheck: 'scripts/healthcheck.ts',
};

// Source files locate the app by their own directory (`path.resolve(import.meta.dirname, '..')`).
// In a bundle every module shares dist/'s import.meta, so each use is rewritten to the directory
// the file had in the source tree, resolved against the app root (the parent of dist/): the
// compiled program finds .next, prisma/ and scripts/lib exactly where the sources did.
const keepSourceDirname = {
  name: 'keep-source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const rel = path.relative(root, path.dirname(args.path)).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.dirname', `__rmmSourceDir(${JSON.stringify(rel)})`), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const banner = [
  "import { fileURLToPath as __rmmFileURLToPath } from 'node:url';",
  "import { dirname as __rmmDirnameOf, join as __rmmJoin } from 'node:path';",
  "const __rmmRoot = __rmmJoin(__rmmDirnameOf(__rmmFileURLToPath(import.meta.url)), '..');",
  'const __rmmSourceDir = (rel) => __rmmJoin(__rmmRoot, rel);',
].join('\n');

export async function bundle({ quiet = false } = {}) {
  const started = Date.now();
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Every bare import (next, pg, graphile-worker, @prisma/client/runtime/…) is loaded from
    // node_modules at run time; `@/…` is our code (tsconfig paths) and is bundled.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    banner: { js: banner },
    plugins: [keepSourceDirname],
    // Readable stack traces without source maps.
    minify: false,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  if (!quiet) {
    for (const [file, out] of Object.entries(result.metafile.outputs)) {
      console.log(`[bundle] ${file} ${(out.bytes / 1024).toFixed(0)} KiB`);
    }
    console.log(`[bundle] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundle({ quiet: process.argv.includes('--quiet') });
}
