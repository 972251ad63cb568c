// Installer files of the software catalog: downloaded to a private file, hashed while they are
// written, and kept only when the SHA-256 matches the one the command carried. A mismatch (a
// corrupted transfer, a tampered store or proxy) deletes the file and fails before anything runs.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

export class InstallerChecksumError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Installer checksum mismatch: expected sha256 ${expected}, got ${actual}; the file was deleted and nothing was run`);
  }
}

export interface InstallerDownload {
  /** Full URL of GET /api/v1/agents/:agentId/software/installers/:versionId. */
  url: string;
  token: string;
  /** From the command payload, never from the download's own headers. */
  sha256: string;
  dir: string;
  fileName: string;
  timeoutMs?: number;
}

/** Downloads and verifies; resolves to the verified file's path. */
export async function downloadVerifiedInstaller(d: InstallerDownload): Promise<string> {
  const expected = d.sha256.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(expected)) throw new Error('The command carries no valid SHA-256 for the installer');
  await mkdir(d.dir, { recursive: true, mode: 0o700 });
  const target = path.join(d.dir, path.basename(d.fileName));
  const partial = `${target}.partial`;
  try {
    const actual = await fetchToFile(d.url, d.token, partial, d.timeoutMs ?? 10 * 60_000);
    if (actual !== expected) throw new InstallerChecksumError(expected, actual);
    await rename(partial, target);
    return target;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

function fetchToFile(url: string, token: string, file: string, timeoutMs: number): Promise<string> {
  const lib = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.get(url, { headers: { authorization: `Bearer ${token}`, 'user-agent': 'rmm-agent' } }, (res) => {
      if ((res.statusCode ?? 0) >= 400) {
        res.resume();
        return reject(new Error(`Installer download failed: HTTP ${res.statusCode}`));
      }
      const hash = createHash('sha256');
      const out = createWriteStream(file, { mode: 0o600 });
      res.on('data', (chunk: Buffer) => hash.update(chunk));
      res.on('error', reject);
      out.on('error', reject);
      out.on('finish', () => resolve(hash.digest('hex')));
      res.pipe(out);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`Installer download timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}
