// The install scripts refuse a file that is not the signed release: install.sh runs for real
// against the API over HTTP (bytes changed after registration, bytes and digest both changed as a
// compromised store would, a signature by another key), with OpenSSL 3 and, on a PATH without
// openssl, through the downloaded agent's verify-release; a good release installs, and a re-run
// changes nothing. install.ps1 cannot run here (no PowerShell): its text is checked for the same
// steps in the same order, and parsed by pwsh when that happens to be installed.
import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey } from '../helpers/agents';
import { AGENT_BUNDLE } from '../helpers/real-agent';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { registerAgentRelease } from '@/lib/agent-releases/manage-releases';
import { releaseKey, releaseSignatureMessage } from '@/lib/agent-releases/release-signing';
import { invalidatePromotedRelease } from '@/lib/agent-releases/update-offer';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const curl = ['/usr/bin/curl', '/bin/curl'].find((p) => existsSync(p));
const openssl = ['/usr/bin/openssl', '/bin/openssl'].find((p) => existsSync(p));
const bundle = readFileSync(AGENT_BUNDLE);
const ARCH = process.arch === 'arm64' ? 'arm64' : 'amd64';

let server: TestServer;
let script: string;
let key: string;
let dir: string;
let noOpenssl: string;

function run(args: string[], env: Record<string, string>, pathDir?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const base: Record<string, string | undefined> = pathDir ? { PATH: pathDir, HOME: dir } : process.env;
    execFile('/bin/bash', [script, '--key', key, '--service-dry-run', ...args], { env: { ...base, ...env } as NodeJS.ProcessEnv, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let n = 0;
function target() {
  n++;
  return { RMM_AGENT_DATA_DIR: path.join(dir, `data-${n}`), RMM_AGENT_INSTALL_DIR: path.join(dir, `opt-${n}`) };
}

/** Registers `version` with the real bundle for this machine's platform. */
async function register(version: string) {
  await registerAgentRelease({ version, artifacts: [{ os: 'linux', arch: ARCH, fileName: `rmm-agent-${version}.cjs`, contentType: 'application/javascript', content: bundle }] });
  invalidatePromotedRelease();
}

const artifactWhere = (version: string) => ({ version_os_arch: { version, os: 'linux' as const, arch: ARCH } });

function expectNothingInstalled(env: Record<string, string>) {
  expect(existsSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'))).toBe(false);
  expect(existsSync(env.RMM_AGENT_INSTALL_DIR) ? readdirSync(env.RMM_AGENT_INSTALL_DIR) : []).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer();
  process.env.APP_BASE_URL = server.url;
  resetEnvCache();
  const partner = await makePartner();
  const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  key = (await createKey(admin, { orgId: org.id })).key;
  dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-install-sig-'));
  script = path.join(dir, 'install.sh');
  writeFileSync(script, await (await fetch(`${server.url}/api/v1/agents/install.sh`)).text());
  // A PATH with what the script needs and node (the JavaScript agent), but no openssl.
  noOpenssl = path.join(dir, 'tools');
  mkdirSync(noOpenssl);
  for (const tool of ['uname', 'id', 'mktemp', 'rm', 'curl', 'grep', 'tail', 'awk', 'tr', 'sha256sum', 'mkdir', 'head', 'cp', 'chmod', 'mv', 'cat', 'cut']) {
    const found = ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].map((d) => path.join(d, tool)).find((p) => existsSync(p));
    if (found) symlinkSync(found, path.join(noOpenssl, tool));
  }
  symlinkSync(process.execPath, path.join(noOpenssl, 'node'));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  process.env.APP_BASE_URL = 'http://localhost:3000';
  resetEnvCache();
});

describe.skipIf(!curl)('install.sh checks the release signature', () => {
  it('embeds the server’s release key', async () => {
    const text = readFileSync(script, 'utf8');
    const der = Buffer.from((await releaseKey()).publicKey, 'base64').toString('base64');
    expect(text).toContain('-----BEGIN PUBLIC KEY-----');
    expect(text.replace(/\s+/g, '')).toContain(der);
    expect(text).toContain('openssl pkeyutl -verify -pubin -inkey "$CHECK/key.pem" -rawin');
    // Checks come before anything is copied into the install directory.
    expect(text.indexOf('checksum mismatch')).toBeLessThan(text.indexOf('mkdir -p "$INSTALL_DIR"'));
    expect(text.indexOf('pkeyutl')).toBeLessThan(text.indexOf('mkdir -p "$INSTALL_DIR"'));
  });

  it('installs a good release, and a re-run changes nothing', async () => {
    await register('1.0.5');
    const env = target();
    const first = await run(['--version', '1.0.5'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('enrolled and installed');
    expect(readFileSync(path.join(env.RMM_AGENT_INSTALL_DIR, 'rmm-agent.cjs'))).toEqual(bundle);
    const config = readFileSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'), 'utf8');
    const again = await run(['--version', '1.0.5'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already enrolled');
    expect(readFileSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'), 'utf8')).toBe(config);
  }, 120_000);

  it('refuses bytes changed after registration (digest mismatch)', async () => {
    await register('1.0.6');
    const tampered = Buffer.from(bundle);
    tampered[tampered.length - 2] ^= 1;
    await db.agentArtifact.update({ where: artifactWhere('1.0.6'), data: { content: new Uint8Array(tampered) } });
    const env = target();
    const res = await run(['--version', '1.0.6'], env);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('checksum mismatch');
    expectNothingInstalled(env);
  }, 60_000);

  it.skipIf(!openssl)('refuses a store that changed the bytes and their digest, and a signature by another key (OpenSSL)', async () => {
    await register('1.0.7');
    const evil = Buffer.concat([bundle, Buffer.from('\n// not the release\n')]);
    await db.agentArtifact.update({ where: artifactWhere('1.0.7'), data: { content: new Uint8Array(evil), sha256: sha(evil), size: evil.length } });
    const env = target();
    const res = await run(['--version', '1.0.7'], env);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('signature does not verify');
    expectNothingInstalled(env);

    await register('1.0.8');
    const other = generateKeyPairSync('ed25519').privateKey;
    const forged = sign(null, Buffer.from(releaseSignatureMessage({ version: '1.0.8', os: 'linux', arch: ARCH, sha256: sha(bundle) })), other).toString('base64');
    await db.agentArtifact.update({ where: artifactWhere('1.0.8'), data: { signature: forged } });
    const env2 = target();
    const res2 = await run(['--version', '1.0.8'], env2);
    expect(res2.code).not.toBe(0);
    expect(res2.stderr).toContain('signature does not verify');
    expectNothingInstalled(env2);
  }, 60_000);

  it('without OpenSSL 3, the downloaded agent checks its own file: refused when tampered, installed when good', async () => {
    // 1.0.7 and 1.0.8 are still tampered (previous test), or register them here when it was skipped.
    if (!openssl) {
      await register('1.0.7');
      const evil = Buffer.concat([bundle, Buffer.from('\n// not the release\n')]);
      await db.agentArtifact.update({ where: artifactWhere('1.0.7'), data: { content: new Uint8Array(evil), sha256: sha(evil), size: evil.length } });
    }
    const env = target();
    const res = await run(['--version', '1.0.7'], env, noOpenssl);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('signature does not verify');
    expectNothingInstalled(env);

    const good = target();
    const ok = await run(['--version', '1.0.5'], good, noOpenssl);
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(path.join(good.RMM_AGENT_INSTALL_DIR, 'rmm-agent.cjs'))).toEqual(bundle);
    expect(existsSync(path.join(good.RMM_AGENT_DATA_DIR, 'agent.yaml'))).toBe(true);
  }, 120_000);

  it('the download names its signature, and a version the script did not ask for is refused', async () => {
    const res = await fetch(`${server.url}/api/v1/agents/download/linux/${ARCH}?version=1.0.5`);
    await res.arrayBuffer();
    expect(res.headers.get('x-agent-signature')).toBe((await db.agentArtifact.findUniqueOrThrow({ where: artifactWhere('1.0.5') })).signature);
    const text = readFileSync(script, 'utf8');
    expect(text).toContain('asked for $VERSION but was served $RELEASE');
  });
});

describe('install.ps1 checks the SHA-256 and the signature before installing', () => {
  let ps1: string;
  beforeAll(async () => {
    ps1 = await (await fetch(`${server.url}/api/v1/agents/install.ps1`)).text();
  });

  it('embeds the key and has the agent verify the download before it replaces anything', async () => {
    expect(ps1).toContain(`$SigningKey = '${(await releaseKey()).publicKey}'`);
    const order = [
      'Get-FileHash -Algorithm SHA256 -Path $tmp',
      "if ($actual -ne $artifact.sha256) { Remove-Item -Force $tmp; throw",
      "$download.Headers['X-Agent-Signature']",
      "-match 'verify-release') { $verifier = $Exe }",
      '& $verifier verify-release --file $tmp --release-version $release.version --os windows --arch $arch --sha256 $artifact.sha256 --signature $signature --key $SigningKey',
      'if ($LASTEXITCODE -ne 0) { Remove-Item -Force $tmp; throw',
      'Stop-AgentService',
      'Move-Item -Force -Path $tmp -Destination $Exe',
      'New-Service -Name $ServiceName',
      'Start-Service -Name $ServiceName',
    ];
    let at = -1;
    for (const step of order) {
      const next = ps1.indexOf(step, at + 1);
      expect(next, `"${step}" after the previous step`).toBeGreaterThan(at);
      at = next;
    }
  });

  const pwsh = ['/usr/bin/pwsh', '/usr/local/bin/pwsh', '/opt/microsoft/powershell/7/pwsh'].find((p) => existsSync(p));
  it.skipIf(!pwsh)('parses without errors in PowerShell', async () => {
    const file = path.join(dir, 'install.ps1');
    writeFileSync(file, ps1);
    const out = await new Promise<string>((resolve) =>
      execFile(pwsh!, ['-NoProfile', '-Command', `$e = $null; [void][System.Management.Automation.Language.Parser]::ParseFile('${file}', [ref]$null, [ref]$e); $e.Count`], (_e, stdout) => resolve(stdout.trim())),
    );
    expect(out).toBe('0');
  });
});
