// The self-contained agent executables (scripts/build-agent-binaries.mjs): built from the Node
// runtime packages of the npm registry (cached under node_modules/.cache, so only the first run
// downloads), the Linux one runs without Node.js, enrolls through install.sh against the API
// served over real HTTP, and the Windows and macOS ones are well-formed PE / Mach-O files that
// carry the same agent bundle. Skipped, with the reason, when the runtimes are not cached and the
// run did not ask for the download, or the registry cannot be reached.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey } from '../helpers/agents';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { resetAgentRegistration } from '@/lib/agent-releases/register-bundled-agent';
import { NODE_VERSION, RUNTIMES } from '../../scripts/build-agent-binaries.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN_DIR = path.join(ROOT, 'agent', 'dist', 'bin');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Manifest {
  version: string;
  nodeVersion: string;
  bundleSha256: string;
  blobSha256: string;
  binaries: { os: string; arch: string; file: string; format: string; sha256: string; size: number; gzipSize: number; runtime: { package: string; version: string; integrity: string } }[];
}

function run(cmd: string, args: string[], env: Record<string, string | undefined> = process.env, timeout = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { env: env as NodeJS.ProcessEnv, timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let skipReason: string | null = null;
let manifest: Manifest;
let bundle: Buffer;

// The first build downloads five Node runtimes (about 200 MB) and writes about 540 MB of
// executables, and while they exist every agent download of the process serves them: a run asks
// for that (RMM_TEST_AGENT_BINARIES=1) or has all five runtimes cached from an earlier build (the
// single-executable self-update test caches only the linux-amd64 one).
const RUNTIME_CACHE = path.join(ROOT, 'node_modules', '.cache', 'agent-runtimes');
const wanted = process.env.RMM_TEST_AGENT_BINARIES === '1' || RUNTIMES.every((t) => existsSync(path.join(RUNTIME_CACHE, `${t.pkg}-${NODE_VERSION}`, '.integrity')));

beforeAll(async () => {
  if (!wanted) {
    skipReason = `the agent runtimes are not cached: run npm run build:agent-binaries once, or set RMM_TEST_AGENT_BINARIES=1 to let this file download them`;
    return;
  }
  const build = await run(process.execPath, [path.join(ROOT, 'scripts', 'build-agent-binaries.mjs'), '--quiet'], process.env, 900_000);
  if (build.code === 3) {
    skipReason = `agent runtimes not cached and the npm registry is unreachable: ${build.stderr.trim()}`;
    return;
  }
  expect(build.code, build.stderr).toBe(0);
  manifest = JSON.parse(readFileSync(path.join(BIN_DIR, 'manifest.json'), 'utf8')) as Manifest;
  const bundleManifest = JSON.parse(readFileSync(path.join(ROOT, 'agent', 'dist', 'manifest.json'), 'utf8')) as { file: string };
  bundle = readFileSync(path.join(ROOT, 'agent', 'dist', bundleManifest.file));
}, 900_000);

const binary = (os: string, arch: string) => {
  const entry = manifest.binaries.find((b) => b.os === os && b.arch === arch);
  if (!entry) throw new Error(`no ${os}/${arch} binary in the manifest`);
  return { entry, content: readFileSync(path.join(BIN_DIR, entry.file)) };
};

/** The names of the 64-bit segments of a thin Mach-O, and whether it still has a code signature. */
function machO(buf: Buffer) {
  const segments: string[] = [];
  let signed = false;
  let off = 32;
  for (let i = 0; i < buf.readUInt32LE(16); i++) {
    const cmd = buf.readUInt32LE(off);
    if (cmd === 0x19) segments.push(buf.toString('latin1', off + 8, off + 24).replace(/\0+$/, ''));
    if (cmd === 0x1d) signed = true;
    off += buf.readUInt32LE(off + 4);
  }
  return { magic: buf.readUInt32LE(0), cpu: buf.readUInt32LE(4), segments, signed };
}

describe('self-contained agent binaries', () => {
  it('are built for the five platforms from the npm runtime packages, with a manifest of SHA-256 sums', (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    expect(manifest.bundleSha256).toBe(sha256(bundle));
    expect(manifest.binaries.map((b) => `${b.os}/${b.arch}`).sort()).toEqual(['linux/amd64', 'linux/arm64', 'macos/amd64', 'macos/arm64', 'windows/amd64']);
    for (const b of manifest.binaries) {
      const content = readFileSync(path.join(BIN_DIR, b.file));
      expect(sha256(content), b.file).toBe(b.sha256);
      expect(content.length).toBe(b.size);
      expect(b.runtime.version).toBe(manifest.nodeVersion);
      expect(b.runtime.integrity).toMatch(/^sha512-/);
      // Each carries the agent bundle verbatim inside its SEA blob.
      expect(content.indexOf(bundle), `${b.file} carries the bundle`).toBeGreaterThan(0);
      console.log(`${b.file}: ${(b.size / 1048576).toFixed(1)} MiB, gzip ${(b.gzipSize / 1048576).toFixed(1)} MiB`);
    }
  });

  it('the Linux binary runs without Node.js and prints its version', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const { entry, content } = binary('linux', 'amd64');
    expect(content.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(content.readUInt16LE(18)).toBe(62); // EM_X86_64
    expect(binary('linux', 'arm64').content.readUInt16LE(18)).toBe(183); // EM_AARCH64
    const res = await run(path.join(BIN_DIR, entry.file), ['--version'], { PATH: '/nonexistent' });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim()).toBe(manifest.version);
    expect(res.stderr).toBe('');
  });

  it('the Windows binary is an x86-64 PE file', (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const { entry, content } = binary('windows', 'amd64');
    expect(entry.file.endsWith('.exe')).toBe(true);
    expect(content.subarray(0, 2).toString('latin1')).toBe('MZ');
    const pe = content.readUInt32LE(0x3c);
    expect(content.subarray(pe, pe + 4).toString('latin1')).toBe('PE\0\0');
    expect(content.readUInt16LE(pe + 4)).toBe(0x8664);
    expect(content.readUInt16LE(pe + 24)).toBe(0x20b); // PE32+
  });

  it('the macOS binaries are unsigned thin Mach-O files with the NODE_SEA segment', (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    for (const [arch, cpu] of [['amd64', 0x01000007], ['arm64', 0x0100000c]] as const) {
      const m = machO(binary('macos', arch).content);
      expect(m.magic).toBe(0xfeedfacf);
      expect(m.cpu).toBe(cpu);
      expect(m.segments).toContain('NODE_SEA');
      expect(m.segments).toContain('__LINKEDIT');
      expect(m.signed).toBe(false);
    }
  });

  it('a rebuild with the same inputs keeps the same bytes', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const res = await run(process.execPath, [path.join(ROOT, 'scripts', 'build-agent-binaries.mjs'), '--force', '--targets', 'linux-amd64', '--quiet'], process.env, 600_000);
    expect(res.code, res.stderr).toBe(0);
    expect(sha256(readFileSync(path.join(BIN_DIR, binary('linux', 'amd64').entry.file)))).toBe(binary('linux', 'amd64').entry.sha256);
  }, 600_000);
});

describe('the server serves the binaries as the release', () => {
  let server: TestServer;
  let admin: string;
  let orgId: string;

  beforeAll(async () => {
    if (skipReason) return;
    resetAgentRegistration();
    server = await startTestServer();
    process.env.APP_BASE_URL = server.url;
    resetEnvCache();
    const partner = await makePartner();
    admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
    orgId = (await makeOrg(partner.id)).id;
  });

  afterAll(async () => {
    if (skipReason) return;
    await server.stop();
    process.env.APP_BASE_URL = 'http://localhost:3000';
    resetEnvCache();
  });

  it('downloads are the exact checksummed files, by default and by version', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const latest = (await api.get('/agent-versions/latest')).body as { version: string; artifacts: { os: string; arch: string; sha256: string; fileName: string }[] };
    expect(latest.version).toBe(manifest.version);
    for (const b of manifest.binaries) {
      expect(latest.artifacts.find((a) => a.os === b.os && a.arch === b.arch)?.sha256, `${b.os}/${b.arch}`).toBe(b.sha256);
    }
    // The platform without a binary keeps the JavaScript agent.
    expect(latest.artifacts.find((a) => a.os === 'windows' && a.arch === 'arm64')?.sha256).toBe(sha256(bundle));

    const res = await fetch(`${server.url}/api/v1/agents/download/windows/amd64?version=${manifest.version}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toContain('.exe');
    const body = Buffer.from(await res.arrayBuffer());
    expect(sha256(body)).toBe(binary('windows', 'amd64').entry.sha256);
    expect(res.headers.get('x-checksum-sha256')).toBe(sha256(body));
  });

  it('install.sh installs the binary without Node.js, enrolls, and does nothing when re-run', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const curl = ['/usr/bin/curl', '/bin/curl'].find((p) => existsSync(p));
    if (!curl) return ctx.skip('curl is not installed');
    const key = await createKey(admin, { orgId });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-install-bin-'));
    const script = path.join(dir, 'install.sh');
    writeFileSync(script, await (await fetch(`${server.url}/api/v1/agents/install.sh`)).text());
    // A PATH with only the tools the script uses: no node, as on a fresh machine.
    const tools = path.join(dir, 'tools');
    mkdirSync(tools);
    for (const tool of ['uname', 'id', 'mktemp', 'rm', 'curl', 'grep', 'tail', 'awk', 'tr', 'sha256sum', 'mkdir', 'head', 'cp', 'chmod', 'mv', 'cat', 'cut']) {
      const found = ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].map((d) => path.join(d, tool)).find((p) => existsSync(p));
      if (found) symlinkSync(found, path.join(tools, tool));
    }
    const env = { PATH: tools, HOME: dir, RMM_AGENT_DATA_DIR: path.join(dir, 'data'), RMM_AGENT_INSTALL_DIR: path.join(dir, 'opt') };
    const first = await run('/bin/bash', [script, '--key', key.key, '--service-dry-run'], env);
    expect(first.code, first.stderr).toBe(0);
    const installed = path.join(dir, 'opt', 'rmm-agent');
    expect(sha256(readFileSync(installed))).toBe(binary('linux', 'amd64').entry.sha256);
    // The unit runs the executable itself, not node with a script.
    expect(first.stdout).toContain(`ExecStart=${installed} run --data-dir ${env.RMM_AGENT_DATA_DIR}`);
    const config = readFileSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'), 'utf8');
    const deviceId = /deviceId: "([^"]+)"/.exec(config)![1];
    expect((await db.device.findUniqueOrThrow({ where: { id: deviceId } })).orgId).toBe(orgId);

    const second = await run('/bin/bash', [script, '--key', key.key, '--service-dry-run'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('already enrolled');
    expect(readFileSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'), 'utf8')).toBe(config);
  }, 120_000);

  it('install.ps1 checks the SHA-256 against the release manifest and installs a service', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const res = await fetch(`${server.url}/api/v1/agents/install.ps1`);
    expect(res.status).toBe(200);
    const ps1 = await res.text();
    expect(ps1).toContain(`'${server.url}'`);
    expect(ps1).toContain('/api/v1/agent-versions/latest');
    expect(ps1).toContain('Get-FileHash -Algorithm SHA256');
    expect(ps1).toContain('New-Service -Name $ServiceName');
    expect(ps1).toContain('sc.exe failure $ServiceName');
    expect(ps1).toContain('-StartupType Automatic');
    expect(ps1).toMatch(/if \(\$Uninstall\)/);
  });
});
