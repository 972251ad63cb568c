// The threat commands: `security_scan` runs ClamAV's clamscan over the paths the server names
// and reports each detection with its SHA-256; `threat_action` quarantines, removes or restores
// one detected file. Quarantine moves the file into the agent-owned folder <dataDir>/quarantine
// (mode 700) under the threat's id with every permission stripped (mode 000), beside a JSON
// record of its original path, mode and owner that restore puts back.
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './run-process';
import { parseClamscanOutput, parseClamscanSummary } from './security-parse';
import type { CommandResult } from './executor';

const SCAN_TIMEOUT_MS = 55 * 60 * 1000;
const MAX_DETECTIONS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function clamscanPath(): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':').concat(['/usr/bin', '/usr/local/bin'])) {
    const p = path.join(dir, 'clamscan');
    if (existsSync(p)) return p;
  }
  return null;
}

function sha256Of(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

export async function runSecurityScan(payload: Record<string, unknown>, signal?: AbortSignal): Promise<CommandResult> {
  if (process.platform !== 'linux') return { status: 'failed', stderr: `ClamAV scans are supported on Linux only (this device runs ${process.platform})`, result: { error: 'unsupported_os' } };
  const bin = clamscanPath();
  if (!bin) return { status: 'failed', stderr: 'ClamAV is not installed (clamscan not found); install the clamav package', result: { error: 'clamav_not_installed' } };
  const paths = (Array.isArray(payload.paths) ? payload.paths : []).filter((p): p is string => typeof p === 'string' && p.startsWith('/'));
  const existing = paths.filter((p) => existsSync(p));
  if (existing.length === 0) return { status: 'failed', stderr: `None of the paths exists: ${paths.join(', ')}`, result: { error: 'no_paths' } };
  // A configured database (a file or a directory) replaces the default one: offline signature
  // sets, such as a test database with the EICAR signature, are passed this way.
  const database = process.env.RMM_AGENT_CLAMAV_DATABASE;
  const args = [...(database ? ['-d', database] : []), '-r', '-i', '--stdout', ...existing];
  const r = await run(bin, args, { timeoutMs: SCAN_TIMEOUT_MS, signal });
  if (r.cancelled) return { status: 'cancelled', stderr: 'scan cancelled' };
  if (r.timedOut) return { status: 'timed_out', stderr: `clamscan did not finish in ${SCAN_TIMEOUT_MS / 60000} minutes` };
  // 0: clean, 1: something found, 2: errors (unreadable files are errors but the scan goes on).
  const summary = parseClamscanSummary(r.stdout);
  if (r.code === null || (r.code === 2 && summary.filesScanned === null)) return { status: 'failed', exitCode: r.code ?? undefined, stderr: r.stderr.slice(-4000) || 'clamscan failed', result: { error: 'scan_failed' } };
  const detections = parseClamscanOutput(r.stdout)
    .slice(0, MAX_DETECTIONS)
    .map((d) => {
      let sizeBytes: number | null = null;
      try {
        sizeBytes = statSync(d.path).size;
      } catch {
        /* gone since the scan */
      }
      return { path: d.path, signature: d.signature, sha256: sha256Of(d.path), sizeBytes };
    });
  return {
    status: 'completed',
    exitCode: r.code,
    stderr: r.code === 2 ? r.stderr.slice(-4000) : undefined,
    result: { engine: summary.engine, filesScanned: summary.filesScanned, paths: existing, detections },
  };
}

interface QuarantineRecord {
  originalPath: string;
  mode: number;
  uid: number;
  gid: number;
  sha256: string | null;
  quarantinedAt: string;
}

function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
    unlinkSync(from);
  }
}

export function quarantineDir(dataDir: string): string {
  const dir = path.join(dataDir, 'quarantine');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

export function runThreatAction(payload: Record<string, unknown>, dataDir: string): CommandResult {
  const threatId = String(payload.threatId ?? '');
  const action = String(payload.action ?? '');
  const filePath = String(payload.path ?? '');
  if (!UUID.test(threatId) || !filePath.startsWith('/')) return { status: 'failed', stderr: 'threat_action needs a threatId and an absolute path' };
  const dir = quarantineDir(dataDir);
  const stored = path.join(dir, threatId);
  const recordFile = `${stored}.json`;
  try {
    if (action === 'quarantine') {
      if (existsSync(stored)) return { status: 'completed', stdout: 'already quarantined', result: { quarantinePath: stored } };
      const st = lstatSync(filePath);
      if (!st.isFile()) return { status: 'failed', stderr: `${filePath} is not a regular file` };
      const record: QuarantineRecord = { originalPath: filePath, mode: st.mode & 0o7777, uid: st.uid, gid: st.gid, sha256: sha256Of(filePath), quarantinedAt: new Date().toISOString() };
      writeFileSync(recordFile, JSON.stringify(record), { mode: 0o600 });
      move(filePath, stored);
      chmodSync(stored, 0o000);
      return { status: 'completed', stdout: `${filePath} moved to ${stored}`, result: { quarantinePath: stored, sha256: record.sha256 } };
    }
    if (action === 'remove') {
      const target = existsSync(stored) ? stored : filePath;
      if (!existsSync(target)) return { status: 'completed', stdout: 'already gone', result: { removed: target, alreadyGone: true } };
      unlinkSync(target);
      if (existsSync(recordFile)) unlinkSync(recordFile);
      return { status: 'completed', stdout: `${target} deleted`, result: { removed: target } };
    }
    if (action === 'restore') {
      if (!existsSync(stored) || !existsSync(recordFile)) return { status: 'failed', stderr: 'The file is not in this agent’s quarantine' };
      const record = JSON.parse(readFileSync(recordFile, 'utf8')) as QuarantineRecord;
      if (existsSync(record.originalPath)) return { status: 'failed', stderr: `${record.originalPath} exists again; restoring would overwrite it` };
      mkdirSync(path.dirname(record.originalPath), { recursive: true });
      move(stored, record.originalPath);
      chmodSync(record.originalPath, record.mode);
      if (typeof process.getuid === 'function' && process.getuid() === 0) chownSync(record.originalPath, record.uid, record.gid);
      unlinkSync(recordFile);
      return { status: 'completed', stdout: `${record.originalPath} restored`, result: { restoredPath: record.originalPath } };
    }
    return { status: 'failed', stderr: `Unknown threat action ${action}` };
  } catch (error) {
    return { status: 'failed', stderr: error instanceof Error ? error.message : String(error) };
  }
}
