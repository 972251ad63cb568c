// Self-update (Linux): download the offered release next to the running file, verify its SHA-256
// and its Ed25519 signature with the release key stored at enrollment, then run it on trial as a
// child (`run --trial <stateFile>`) while this process keeps the previous version on disk. The
// candidate confirms its first successful heartbeat in the state file; confirmed in time, it is
// renamed over the installed file (the old one kept as `<file>.prev`), otherwise it is killed and
// deleted and the stable version goes on running.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { copyFileSync, createWriteStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { log } from './log';
import { ApiClient } from './http';
import type { AgentConfig } from './config';
import { releaseSignatureMessage, type UpdateOffer } from '@/lib/agent-releases/update-wire';

export type { UpdateOffer };

export type UpdateState = 'downloading' | 'trial' | 'updated' | 'failed' | 'rolled_back';

export function signatureValid(publicKeyBase64: string, offer: Pick<UpdateOffer, 'version' | 'os' | 'arch' | 'sha256' | 'signature'>): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(releaseSignatureMessage(offer)), key, Buffer.from(offer.signature, 'base64'));
  } catch {
    return false;
  }
}

/** Whether this process is a single executable (true) or the JavaScript bundle run by Node.js. */
export function runningAsBinary(): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    return false;
  }
}

/** The file the service runs: the executable itself, or the bundle Node.js was started with. */
export function installedFile(): string {
  return process.env.RMM_AGENT_INSTALLED_FILE || (runningAsBinary() ? process.execPath : path.resolve(process.argv[1]));
}

export function trialSeconds(): number {
  const s = Number(process.env.RMM_AGENT_UPDATE_TRIAL_SECONDS ?? 300);
  return Number.isFinite(s) && s > 0 ? s : 300;
}

/** Why this agent cannot take `offer`, or null. */
export function unsupportedReason(offer: UpdateOffer, publicKey: string | undefined): string | null {
  if (process.platform !== 'linux') return `self-update is not supported on ${process.platform} yet`;
  if (!publicKey) return 'no release signing key stored';
  const format = runningAsBinary() ? 'binary' : 'bundle';
  if (offer.format !== format) return `the release is a ${offer.format} but this agent runs as a ${format}`;
  return null;
}

/** The release itself is bad (digest, signature): not tried again by this process. */
export class UpdateRefused extends Error {}

function fetchTo(url: string, file: string, redirects = 3): Promise<string> {
  return new Promise((resolve, reject) => {
    const lib = url.startsWith('https:') ? https : http;
    const req = lib.get(url, { headers: { 'user-agent': 'rmm-agent' }, timeout: 60_000 }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location && redirects > 0) {
        res.resume();
        fetchTo(new URL(res.headers.location, url).toString(), file, redirects - 1).then(resolve, reject);
        return;
      }
      if (status !== 200) {
        res.resume();
        reject(new Error(`download answered HTTP ${status}`));
        return;
      }
      const hash = createHash('sha256');
      const out = createWriteStream(file, { mode: 0o700 });
      res.on('data', (chunk: Buffer) => hash.update(chunk));
      res.pipe(out);
      out.on('finish', () => resolve(hash.digest('hex')));
      out.on('error', reject);
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('download timed out')));
    req.on('error', reject);
  });
}

/**
 * Downloads the offered artifact next to the installed file and checks it. Resolves to the
 * candidate's path; rejects (and deletes the download) when the digest or signature is wrong.
 */
export async function downloadAndVerify(offer: UpdateOffer, publicKey: string, target = installedFile()): Promise<string> {
  const candidate = `${target}.update-${offer.version}`;
  rmSync(candidate, { force: true });
  try {
    if (!/^[0-9a-f]{64}$/i.test(offer.sha256)) throw new UpdateRefused('offer carries no valid SHA-256');
    if (!signatureValid(publicKey, offer)) throw new UpdateRefused('release signature does not verify with the stored release key');
    const actual = await fetchTo(offer.url, candidate);
    if (actual !== offer.sha256.toLowerCase()) throw new UpdateRefused(`SHA-256 mismatch: expected ${offer.sha256}, downloaded ${actual}`);
    chmodSync(candidate, 0o755);
    return candidate;
  } catch (error) {
    rmSync(candidate, { force: true });
    throw error;
  }
}

interface TrialState {
  version: string;
  installedFile: string;
  confirmedAt?: string;
  pid?: number;
}

/** The candidate's side: after its first successful heartbeat it confirms in the state file. */
export function confirmTrial(stateFile: string): void {
  let state: TrialState;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as TrialState;
  } catch (error) {
    // The stable side gave up already (and deleted it): nothing to confirm.
    log('warn', 'update trial state unreadable', { stateFile, error: String(error) });
    return;
  }
  if (state.confirmedAt) return;
  const tmp = `${stateFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ ...state, confirmedAt: new Date().toISOString(), pid: process.pid }), { mode: 0o600 });
  renameSync(tmp, stateFile);
  log('info', 'update trial confirmed', { version: state.version });
}

/** The installed file a trial candidate stands for (its own path is renamed away on success). */
export function trialInstalledFile(stateFile: string): string | null {
  try {
    return (JSON.parse(readFileSync(stateFile, 'utf8')) as TrialState).installedFile;
  } catch {
    return null;
  }
}

export interface TrialOutcome {
  ok: boolean;
  error?: string;
  child?: ChildProcess;
}

/**
 * The stable side: runs the candidate with `run --trial` and waits for its confirmation. On
 * success the candidate replaces the installed file and keeps running; otherwise it is killed
 * and deleted.
 */
export async function runTrial(opts: { candidate: string; version: string; dataDir: string; runArgs: string[]; target?: string; timeoutMs?: number }): Promise<TrialOutcome> {
  const target = opts.target ?? installedFile();
  const stateFile = path.join(opts.dataDir, 'update-trial.json');
  writeFileSync(stateFile, JSON.stringify({ version: opts.version, installedFile: target } satisfies TrialState), { mode: 0o600 });
  const args = ['run', '--data-dir', opts.dataDir, '--trial', stateFile, ...opts.runArgs];
  const binary = runningAsBinary();
  const child = spawn(binary ? opts.candidate : process.execPath, binary ? args : [opts.candidate, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, RMM_AGENT_INSTALLED_FILE: target },
  });
  let exited: string | null = null;
  child.on('exit', (code, signal) => (exited = `the new version exited (${signal ?? `code ${code}`}) before confirming a heartbeat`));
  child.on('error', (e) => (exited = `the new version could not start: ${e.message}`));
  const deadline = Date.now() + (opts.timeoutMs ?? trialSeconds() * 1000);
  const fail = (error: string): TrialOutcome => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(opts.candidate, { force: true });
    rmSync(stateFile, { force: true });
    return { ok: false, error };
  };
  for (;;) {
    let confirmed = false;
    try {
      confirmed = Boolean((JSON.parse(readFileSync(stateFile, 'utf8')) as TrialState).confirmedAt);
    } catch {
      /* being replaced */
    }
    if (confirmed && !exited) break;
    if (exited) return fail(exited);
    if (Date.now() > deadline) return fail(`the new version did not confirm a heartbeat within ${Math.round((opts.timeoutMs ?? trialSeconds() * 1000) / 1000)} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Keep the previous version beside the new one, then swap (rename is atomic on one filesystem).
  if (existsSync(target)) copyFileSync(target, `${target}.prev`);
  renameSync(opts.candidate, target);
  // The state file stays: it names the running new version's pid (confirmTrial wrote it).
  return { ok: true, child };
}

/** Reports a self-update state; a failure to report is logged, never fatal. */
export async function reportUpdateState(config: AgentConfig, state: UpdateState, version: string, error?: string): Promise<void> {
  const api = new ApiClient(config.server);
  try {
    await api.request('POST', `/agents/${config.agentId}/update-status`, { state, version, ...(error ? { error: error.slice(0, 1000) } : {}) }, config.token);
  } catch (e) {
    log('warn', 'update state not reported', { state, version, error: String(e) });
  } finally {
    api.close();
  }
}
