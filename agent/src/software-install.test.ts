// software_install without root: argv splitting, refusals that run nothing, and real installers
// (a shell script and an executable) served over HTTP, verified, run and deleted.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installerType, installSoftware, splitArgs, versionMatches, type InstallerSpec } from './software-install';

const AGENT = '6f1c1d1e-0000-4000-8000-000000000001';
const VERSION_ID = '6f1c1d1e-0000-4000-8000-000000000002';
const files = new Map<string, Buffer>();
const requests: { url: string; auth?: string }[] = [];
let server: http.Server;
let base: string;
let out: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', auth: req.headers.authorization });
    const body = files.get(req.url ?? '');
    if (!body) {
      res.statusCode = 404;
      return res.end('{}');
    }
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  out = mkdtempSync(path.join(os.tmpdir(), 'rmm-install-test-'));
});
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  await new Promise<void>((r) => server.close(() => r()));
});

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

const ctx = () => ({ server: base, agentId: AGENT, token: 'agent-token' });
const downloadPath = '/api/v1/agents/{agentId}/software/installers/' + VERSION_ID;

/** Serves `body` at the installer URL of the agent and answers the installer spec for it. */
function serve(fileName: string, body: string, extra: Partial<InstallerSpec> = {}): InstallerSpec {
  const bytes = Buffer.from(body);
  files.set(`/api/v1/agents/${AGENT}/software/installers/${VERSION_ID}`, bytes);
  return { kind: 'installer', versionId: VERSION_ID, fileName, sha256: createHash('sha256').update(bytes).digest('hex'), sizeBytes: bytes.length, downloadPath, silentArgs: null, ...extra };
}

describe('splitArgs', () => {
  it('splits like a POSIX shell without expanding anything', () => {
    expect(splitArgs('')).toEqual([]);
    expect(splitArgs('  --quiet   --prefix=/opt/x ')).toEqual(['--quiet', '--prefix=/opt/x']);
    expect(splitArgs(`--name "Big App" --dir '/opt/my app' a\\ b`)).toEqual(['--name', 'Big App', '--dir', '/opt/my app', 'a b']);
    expect(splitArgs(`"say \\"hi\\"" '$(id)' $HOME; rm -rf / \`id\``)).toEqual(['say "hi"', '$(id)', '$HOME;', 'rm', '-rf', '/', '`id`']);
    expect(splitArgs(`"" x''y`)).toEqual(['', 'xy']);
  });

  it('refuses an unterminated quote or a trailing backslash', () => {
    expect(() => splitArgs('--name "oops')).toThrow('unterminated');
    expect(() => splitArgs("it's")).toThrow('unterminated');
    expect(() => splitArgs('x \\')).toThrow('backslash');
  });
});

describe('installerType and versionMatches', () => {
  it('knows what runs a file by its name', () => {
    expect(['a.deb', 'a.RPM', 'install.sh', 'Tool-x86_64.AppImage', 'setup.run', 'x.bin', 'installer'].map(installerType)).toEqual(['deb', 'rpm', 'sh', 'executable', 'executable', 'executable', 'executable']);
    expect(['setup.exe', 'a.msi', 'a.pkg', 'a.dmg', 'a.tar.gz', 'a.zip'].map(installerType)).toEqual([null, null, null, null, null, null]);
  });

  it('matches versions with or without epoch and release', () => {
    expect(versionMatches('1.1', '1.1')).toBe(true);
    expect(versionMatches('2:1.1-3', '1.1-3')).toBe(true);
    expect(versionMatches('1.1-3.el9', '1.1')).toBe(true);
    expect(versionMatches('1.10', '1.1')).toBe(false);
    expect(versionMatches('1.0', '1.1')).toBe(false);
  });
});

describe.skipIf(process.platform !== 'linux')('installSoftware', () => {
  it('refuses Windows and macOS package managers, unknown or missing ones, as unsupported', async () => {
    for (const manager of ['winget', 'choco', 'brew']) {
      const r = await installSoftware({ package: { kind: 'package_manager', manager, name: 'firefox', version: null } }, ctx());
      expect(r).toMatchObject({ status: 'failed', result: { unsupported: true, manager, installedVersion: null, alreadyInstalled: false } });
      expect(r.result?.reason).toMatch(/Windows|macOS/);
      expect(r.stderr).toBe(r.result?.reason);
    }
    const unknown = await installSoftware({ package: { kind: 'package_manager', manager: 'pacman', name: 'x', version: null } }, ctx());
    expect(unknown.result).toMatchObject({ unsupported: true, reason: 'Unknown package manager "pacman"' });
    process.env.PATH = '/nonexistent';
    for (const [manager, binary] of [['apt', 'apt-get'], ['dnf', 'dnf'], ['yum', 'yum'], ['apk', 'apk'], ['zypper', 'zypper']]) {
      const r = await installSoftware({ package: { kind: 'package_manager', manager, name: 'nginx', version: '1.0' } }, ctx());
      expect(r).toMatchObject({ status: 'failed', result: { unsupported: true, reason: `${binary} is not installed on this device` } });
    }
  });

  it('refuses names and versions that could read as options, without running anything', async () => {
    process.env.PATH = '/nonexistent';
    for (const name of ['-y', '--purge', 'a b', 'x;rm', '$(id)', '']) {
      const r = await installSoftware({ package: { kind: 'package_manager', manager: 'apt', name, version: null } }, ctx());
      expect(r, name).toMatchObject({ status: 'failed', result: { code: 'INVALID_PACKAGE_NAME' } });
    }
    for (const version of ['-1', '1; id', '$(id)', '1 2']) {
      const r = await installSoftware({ package: { kind: 'package_manager', manager: 'dnf', name: 'nginx', version } }, ctx());
      expect(r, version).toMatchObject({ status: 'failed', result: { code: 'INVALID_VERSION' } });
    }
  });

  it('refuses an installer type it cannot run, and a download off its own server, before downloading', async () => {
    const before = requests.length;
    const msi = await installSoftware({ package: serve('setup.msi', 'MZ') }, ctx());
    expect(msi).toMatchObject({ status: 'failed', result: { unsupported: true } });
    expect(msi.result?.reason).toContain('setup.msi');
    const elsewhere = await installSoftware({ package: serve('x.sh', 'true', { downloadPath: '//evil.example/x.sh' }) }, ctx());
    expect(elsewhere).toMatchObject({ status: 'failed', result: { code: 'INVALID_DOWNLOAD_PATH' } });
    const absolute = await installSoftware({ package: serve('x.sh', 'true', { downloadPath: 'https://evil.example/x.sh' }) }, ctx());
    expect(absolute.result?.code).toBe('INVALID_DOWNLOAD_PATH');
    const badArgs = await installSoftware({ package: serve('x.sh', 'true', { silentArgs: '"unterminated' }) }, ctx());
    expect(badArgs.result?.code).toBe('INVALID_SILENT_ARGS');
    expect(requests.length).toBe(before);
  });

  it('runs a verified .sh installer with its silent arguments as argv, then deletes it', async () => {
    const marker = path.join(out, 'sh-args');
    const injected = path.join(out, 'injected');
    const spec = serve('install.sh', `printf '%s\\n' "$0" "$@" > '${marker}'\necho installing to "$2"\n`, { silentArgs: `--prefix '/opt/my app' "$(touch ${injected})" ;id` });
    const r = await installSoftware({ deploymentId: 'd', package: spec }, ctx());
    expect(r, r.stderr).toMatchObject({ status: 'completed', exitCode: 0, result: { manager: 'sh', installedVersion: null, alreadyInstalled: false, fileName: 'install.sh' } });
    expect(r.stdout).toContain('installing to /opt/my app');
    const [script, ...argv] = readFileSync(marker, 'utf8').trim().split('\n');
    expect(argv).toEqual(['--prefix', '/opt/my app', `$(touch ${injected})`, ';id']);
    expect(existsSync(injected)).toBe(false);
    expect(path.basename(script)).toBe('install.sh');
    expect(existsSync(script)).toBe(false);
    expect(requests.at(-1)).toEqual({ url: `/api/v1/agents/${AGENT}/software/installers/${VERSION_ID}`, auth: 'Bearer agent-token' });
  });

  it('runs an executable installer directly and reports its failure with the output', async () => {
    const spec = serve('tool.run', '#!/bin/sh\necho "cannot write /opt" >&2\nexit 3\n', { silentArgs: '--unattended' });
    const r = await installSoftware({ package: spec }, ctx());
    expect(r).toMatchObject({ status: 'failed', exitCode: 3, result: { manager: 'executable', installedVersion: null, code: 'INSTALL_FAILED' } });
    expect(r.stderr).toContain('cannot write /opt');
    expect(r.stdout).toContain('tool.run --unattended');
  });

  it('kills a running installer when the server cancels the command', async () => {
    const marker = path.join(out, 'cancel-started');
    const spec = serve('slow.sh', `touch '${marker}'\nsleep 60\n`);
    const controller = new AbortController();
    const pending = installSoftware({ package: spec }, { ...ctx(), signal: controller.signal });
    const deadline = Date.now() + 10_000;
    while (!existsSync(marker) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const r = await pending;
    expect(r).toMatchObject({ status: 'cancelled', result: { manager: 'sh' } });
    expect(r.stderr).toContain('cancelled from the server');
  });

  it('fails a tampered installer on its checksum and runs nothing', async () => {
    const marker = path.join(out, 'tampered-ran');
    const spec = serve('install.sh', `touch '${marker}'\n`);
    const r = await installSoftware({ package: { ...spec, sha256: 'f'.repeat(64) } }, ctx());
    expect(r).toMatchObject({ status: 'failed', result: { code: 'CHECKSUM_MISMATCH', expectedSha256: 'f'.repeat(64), actualSha256: spec.sha256, installedVersion: null } });
    expect(r.stderr).toContain('checksum mismatch');
    expect(existsSync(marker)).toBe(false);
    const missing = await installSoftware({ package: { ...spec, downloadPath: '/api/v1/agents/{agentId}/software/installers/missing' } }, ctx());
    expect(missing).toMatchObject({ status: 'failed', result: { code: 'DOWNLOAD_FAILED' } });
    expect(missing.stderr).toContain('HTTP 404');
  });

  it('answers a payload without a package', async () => {
    const r = await installSoftware({} as never, ctx());
    expect(r).toMatchObject({ status: 'failed', result: { code: 'INVALID_PAYLOAD' } });
  });
});
