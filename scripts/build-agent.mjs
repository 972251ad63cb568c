// Bundles the reference agent (agent/src, TypeScript, Node built-ins plus the pure-JS net-snmp and `ws`) into one file,
// agent/dist/rmm-agent.cjs, plus manifest.json with its version and SHA-256. The server
// registers and serves that file (GET /agents/download/:os/:arch). Skips work when up to date.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'agent', 'src');
const outDir = path.join(root, 'agent', 'dist');
const outFile = path.join(outDir, 'rmm-agent.cjs');
const manifestFile = path.join(outDir, 'manifest.json');

const newest = (dir) =>
  Math.max(...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs)));
const version = /AGENT_VERSION\s*=\s*'([^']+)'/.exec(readFileSync(path.join(srcDir, 'version.ts'), 'utf8'))?.[1];
if (!version) throw new Error('agent/src/version.ts: AGENT_VERSION not found');

const upToDate =
  existsSync(outFile) &&
  existsSync(manifestFile) &&
  statSync(manifestFile).mtimeMs >= newest(srcDir) &&
  JSON.parse(readFileSync(manifestFile, 'utf8')).version === version;

if (!upToDate || process.argv.includes('--force')) {
  const { build } = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(srcDir, 'main.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    minify: false,
    legalComments: 'none',
    // ws loads these optional native accelerators inside try/catch and runs without them.
    external: ['bufferutil', 'utf-8-validate'],
    logLevel: 'warning',
  });
  const content = readFileSync(outFile);
  const sha256 = createHash('sha256').update(content).digest('hex');
  writeFileSync(manifestFile, `${JSON.stringify({ version, file: 'rmm-agent.cjs', sha256, size: content.length, builtAt: new Date().toISOString() }, null, 2)}\n`);
  if (!process.argv.includes('--quiet')) console.log(`[build-agent] agent/dist/rmm-agent.cjs ${version} (${(content.length / 1024).toFixed(0)} KiB)`);
}
