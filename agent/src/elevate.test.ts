import { chmodSync, existsSync, linkSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ElevationBroker, SECURE_PATH, commandLineOf, elevatedSpawnOptions, resolveExecutable, socketAnswers, unsafeExecutable, verifyProof } from './elevate';
import type { ApiClient } from './http';
import type { AgentConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'rmm-elevate-unit-'));

describe.skipIf(process.platform === 'win32')('elevation helpers', () => {
  it('quotes the command line as a shell would read it back', () => {
    expect(commandLineOf(['/usr/bin/apt-get', 'install', '-y', 'curl'])).toBe('/usr/bin/apt-get install -y curl');
    expect(commandLineOf(['/bin/echo', "it's a test", 'a b'])).toBe(`/bin/echo 'it'\\''s a test' 'a b'`);
  });

  it('resolves names in the fixed system PATH only, never relative paths', () => {
    expect(resolveExecutable('sh')).toMatch(/^\/(usr\/)?bin\/sh$/);
    expect(resolveExecutable('./sh')).toBeNull();
    expect(resolveExecutable('no-such-tool-xyz')).toBeNull();
    const dir = tmp();
    writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
    expect(resolveExecutable('tool', `${dir}:${SECURE_PATH}`)).toBe(path.join(dir, 'tool'));
  });

  it('refuses executables others can modify', () => {
    const dir = tmp();
    const file = path.join(dir, 'tool');
    writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
    chmodSync(dir, 0o755);
    const me = process.getuid!();
    expect(unsafeExecutable(file, me)).toBeNull();
    chmodSync(file, 0o777);
    expect(unsafeExecutable(file, me)).toMatch(/writable by group or others/);
    chmodSync(file, 0o755);
    chmodSync(dir, 0o777);
    expect(unsafeExecutable(file, me)).toMatch(/writable/);
    if (me !== 0) expect(unsafeExecutable(file, 12345)).toMatch(/owned by uid/);
  });

  it('runs as root with a rebuilt environment when the service is root, else as the service account', () => {
    const root = elevatedSpawnOptions(0, '/tmp', { LANG: 'C.UTF-8', LD_PRELOAD: '/evil.so', PATH: '/home/u/bin' });
    expect(root).toMatchObject({ uid: 0, gid: 0, cwd: '/tmp', detached: true });
    expect(root.env).toEqual({ PATH: SECURE_PATH, HOME: '/root', USER: 'root', LOGNAME: 'root', SHELL: '/bin/sh', LANG: 'C.UTF-8' });
    const dropped = elevatedSpawnOptions(1000, '/no/such/dir', { LD_PRELOAD: '/evil.so' });
    expect(dropped.uid).toBeUndefined();
    expect(dropped.gid).toBeUndefined();
    expect(dropped.cwd).toBe('/');
    expect(dropped.env.LD_PRELOAD).toBeUndefined();
    expect(dropped.env.PATH).toBe(SECURE_PATH);
  });

  it('takes the caller from a fresh proof file holding the nonce, and nothing else', () => {
    const dir = tmp();
    const file = path.join(dir, 'proof');
    writeFileSync(file, 'nonce-1', { mode: 0o600 });
    expect(verifyProof(file, 'nonce-1')).toBe(process.getuid!());
    expect(verifyProof(file, 'nonce-2')).toBeNull();
    const link = path.join(dir, 'link');
    symlinkSync(file, link);
    expect(verifyProof(link, 'nonce-1')).toBeNull();
    linkSync(file, path.join(dir, 'hard'));
    expect(verifyProof(file, 'nonce-1')).toBeNull();
    expect(verifyProof(path.join(dir, 'missing'), 'nonce-1')).toBeNull();
  });
});

describe.skipIf(process.platform !== 'linux')('elevation socket ownership', () => {
  it('a second agent leaves a live socket to the first, and only the owner removes it', async () => {
    const socket = path.join(tmp(), 'elevate.sock');
    const noApi = {} as ApiClient;
    const config = { agentId: 'a' } as AgentConfig;
    const first = new ElevationBroker(noApi, config, socket);
    await first.start();
    expect(await socketAnswers(socket)).toBe(true);
    const second = new ElevationBroker(noApi, config, socket);
    // The second one's probe finds the first listening and keeps its hands off the file.
    await second.start();
    second.stop();
    expect(await socketAnswers(socket)).toBe(true);
    first.stop();
    expect(existsSync(socket)).toBe(false);
  });

  it('replaces a stale socket file nobody serves', async () => {
    const socket = path.join(tmp(), 'elevate.sock');
    writeFileSync(socket, '');
    const broker = new ElevationBroker({} as ApiClient, { agentId: 'a' } as AgentConfig, socket);
    await broker.start();
    expect(await socketAnswers(socket)).toBe(true);
    broker.stop();
  });
});
