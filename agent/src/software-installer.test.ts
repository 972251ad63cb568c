// A real HTTP server serves the bytes; the verifier keeps them only when the SHA-256 matches.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadVerifiedInstaller, InstallerChecksumError } from './software-installer';

const bytes = randomBytes(100_000);
const sha = createHash('sha256').update(bytes).digest('hex');
let server: http.Server;
let base: string;
let seenAuth: string | undefined;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenAuth = req.headers.authorization;
    if (req.url === '/missing') {
      res.statusCode = 404;
      return res.end('{}');
    }
    res.end(bytes);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('downloadVerifiedInstaller', () => {
  it('keeps a file whose SHA-256 matches, sending the agent token', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'installer-'));
    const file = await downloadVerifiedInstaller({ url: `${base}/ok`, token: 'agent-token', sha256: sha.toUpperCase(), dir, fileName: '../setup.exe' });
    expect(file).toBe(path.join(dir, 'setup.exe'));
    expect(readFileSync(file)).toEqual(bytes);
    expect(seenAuth).toBe('Bearer agent-token');
  });

  it('deletes a file whose SHA-256 differs and says so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'installer-'));
    const wrong = 'b'.repeat(64);
    await expect(downloadVerifiedInstaller({ url: `${base}/ok`, token: 't', sha256: wrong, dir, fileName: 'setup.exe' })).rejects.toBeInstanceOf(InstallerChecksumError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails on an HTTP error or a missing checksum without leaving a file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'installer-'));
    await expect(downloadVerifiedInstaller({ url: `${base}/missing`, token: 't', sha256: sha, dir, fileName: 'a.msi' })).rejects.toThrow('HTTP 404');
    await expect(downloadVerifiedInstaller({ url: `${base}/ok`, token: 't', sha256: '', dir, fileName: 'a.msi' })).rejects.toThrow('no valid SHA-256');
    expect(existsSync(path.join(dir, 'a.msi'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
