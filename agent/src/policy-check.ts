// policy_check: runs the checks a policy asks for on this device and answers one result per check
// (the wire shapes are lib/policies/check-wire.ts; the agent bundles Node built-ins only, so the
// payload is validated here by hand to the same rules). Checks run one after another, each
// isolated: a check that throws answers `error` and the next one still runs. A failing check is
// an answer, so the command completes; only a malformed payload fails the command.
//
// - service_running: Linux with systemd `systemctl is-active` (".service" added to a bare name);
//   Linux without systemd falls back to a process of that name and says so; macOS
//   `launchctl print system/<label>` (system domain); Windows `sc.exe query <name>`.
// - process_running: Linux reads /proc/<pid>/comm, argv[0] and exe (no ps needed; a name with a
//   slash is a full path); macOS `ps -axco comm`; Windows `tasklist` filtered by image name.
// - file_exists and file_content (contains, a regex matched line by line, SHA-256). Text
//   conditions read at most 10 MB (UTF-8, or UTF-16 with a byte order mark); a hash alone
//   streams files up to 1 GB.
// - script: the run_script runner (temp file, interpreter, process group, timeout); exit 0
//   passes. With a remediation, a failure runs it once and the check runs again.
// Processes run without a shell. An OS or interpreter this agent cannot check answers `unsupported`.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { CommandResult } from './executor';
import { run } from './run-process';
import { resolveInterpreter, runScript, type ScriptPayload } from './run-script';

export const CHECK_KINDS = ['service_running', 'process_running', 'file_exists', 'file_content', 'script'] as const;
export const INTERPRETERS = ['bash', 'sh', 'python', 'powershell', 'cmd'] as const;
/** Bytes of a file read for `contains` and `regex`. */
export const TEXT_MAX_BYTES = 10 * 1024 * 1024;
/** Bytes of a file hashed for `sha256` when no text condition is given. */
export const HASH_MAX_BYTES = 1024 * 1024 * 1024;
/** A regex that runs longer than this over a file (catastrophic backtracking) answers `error`. */
export const REGEX_TIMEOUT_MS = 5000;
const DETAIL_MAX = 4000;
const QUERY_TIMEOUT_MS = 30_000;

interface ScriptStep {
  interpreter: ScriptPayload['interpreter'];
  script: string;
  timeoutSeconds: number;
}

export type AgentCheck =
  | { id: string; kind: 'service_running'; name: string }
  | { id: string; kind: 'process_running'; name: string }
  | { id: string; kind: 'file_exists'; path: string }
  | { id: string; kind: 'file_content'; path: string; contains?: string; regex?: string; sha256?: string }
  | { id: string; kind: 'script'; check: ScriptStep; remediation?: ScriptStep }
  /** A kind a newer server knows and this agent does not: answered `unsupported`. */
  | { id: string; kind: 'unknown'; unknownKind: string };

export interface CheckResult {
  id: string;
  status: 'pass' | 'fail' | 'error' | 'unsupported';
  detail: string;
  exitCode?: number | null;
  remediated?: boolean;
  remediationExitCode?: number | null;
}

export interface CheckOptions {
  /** The OS the checks are written for; the real one unless a test asks for another. */
  platform?: NodeJS.Platform;
  /** Whether systemd manages this machine (default: /run/systemd/system exists). */
  systemd?: boolean;
  /** Aborted when the server cancels the command. */
  signal?: AbortSignal;
}

// ---------------------------------------------------------------------------------------------
// Payload validation (the rules of ZPolicyCheckPayload)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256 = /^[a-f0-9]{64}$/;

class PayloadError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(obj: Record<string, unknown>, key: string, where: string, min: number, max: number, optional = false): string | undefined {
  const v = obj[key];
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string') throw new PayloadError(`${where}.${key} must be a string`);
  if (v.length < min || v.length > max) throw new PayloadError(`${where}.${key} must be ${min} to ${max} characters`);
  return v;
}

function scriptStep(v: unknown, where: string): ScriptStep {
  if (!isObject(v)) throw new PayloadError(`${where} must be an object`);
  if (!INTERPRETERS.includes(v.interpreter as ScriptStep['interpreter'])) throw new PayloadError(`${where}.interpreter must be one of ${INTERPRETERS.join(', ')}`);
  const script = text(v, 'script', where, 1, 256 * 1024)!;
  const t = v.timeoutSeconds ?? 60;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > 600) throw new PayloadError(`${where}.timeoutSeconds must be an integer from 1 to 600`);
  return { interpreter: v.interpreter as ScriptStep['interpreter'], script, timeoutSeconds: t };
}

function parseCheck(v: unknown, where: string): AgentCheck {
  if (!isObject(v)) throw new PayloadError(`${where} must be an object`);
  const id = text(v, 'id', where, 1, 100)!;
  const kind = v.kind;
  if (typeof kind !== 'string' || !kind) throw new PayloadError(`${where}.kind must be a string`);
  switch (kind) {
    case 'service_running':
    case 'process_running':
      return { id, kind, name: text(v, 'name', where, 1, 255)! };
    case 'file_exists':
      return { id, kind, path: text(v, 'path', where, 1, 4096)! };
    case 'file_content': {
      const sha256 = text(v, 'sha256', where, 0, 64, true);
      if (sha256 !== undefined && !SHA256.test(sha256)) throw new PayloadError(`${where}.sha256 must be 64 lowercase hex digits`);
      return { id, kind, path: text(v, 'path', where, 1, 4096)!, contains: text(v, 'contains', where, 0, 10_000, true), regex: text(v, 'regex', where, 0, 1000, true), sha256 };
    }
    case 'script':
      return { id, kind, check: scriptStep(v.check, `${where}.check`), remediation: v.remediation === undefined ? undefined : scriptStep(v.remediation, `${where}.remediation`) };
    default:
      return { id, kind: 'unknown', unknownKind: kind.slice(0, 100) };
  }
}

/** The checks of a policy_check payload; throws a message naming the first problem. */
export function parsePolicyCheckPayload(payload: unknown): AgentCheck[] {
  if (!isObject(payload)) throw new PayloadError('the payload must be an object');
  if (payload.evaluationId !== undefined && (typeof payload.evaluationId !== 'string' || !UUID.test(payload.evaluationId))) throw new PayloadError('evaluationId must be a UUID');
  const checks = payload.checks;
  if (!Array.isArray(checks) || checks.length < 1 || checks.length > 200) throw new PayloadError('checks must be a list of 1 to 200 checks');
  return checks.map((c, i) => parseCheck(c, `checks[${i}]`));
}

// ---------------------------------------------------------------------------------------------
// Helpers

const clip = (s: string, max = DETAIL_MAX) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);
/** The last `max` characters of a script's output, for a detail line. */
export function outputTail(stdout: string, stderr: string, max = 1000): string {
  const both = [stdout.trim(), stderr.trim()].filter(Boolean).join('\n');
  return both.length <= max ? both : `…${both.slice(-max)}`;
}
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A name that reaches a command line: no option look-alike, no quotes or control characters. */
const SAFE_NAME = /^[A-Za-z0-9_@][A-Za-z0-9_@.+:\- ]*$/;

// ---------------------------------------------------------------------------------------------
// Processes

interface LinuxProcess {
  pid: number;
  comm: string;
  /** argv[0] as the process set it. */
  argv0: string;
  /** /proc/<pid>/exe; empty when another user's process hides it. */
  exe: string;
}

/** Running process names from /proc: comm (at most 15 characters), argv[0] and the executable. */
async function linuxProcesses(): Promise<LinuxProcess[]> {
  const out: LinuxProcess[] = [];
  for (const entry of await fsp.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await fsp.readFile(`/proc/${entry}/stat`, 'utf8');
      // The state follows the last ")" (comm may itself hold parentheses); a zombie has exited.
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z') continue;
      const comm = (await fsp.readFile(`/proc/${entry}/comm`, 'utf8')).replace(/\n$/, '');
      const cmdline = await fsp.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      const argv0 = cmdline.split('\0')[0] ?? '';
      const exe = await fsp.readlink(`/proc/${entry}/exe`).catch(() => '');
      out.push({ pid: Number(entry), comm, argv0, exe: exe.replace(/ \(deleted\)$/, '') });
    } catch {
      // The process exited while being read.
    }
  }
  return out;
}

/** Whether a kernel-truncated command name (15 or 16 characters) stands for `name`. */
const commMatches = (comm: string, name: string) => comm === name || (name.length > 15 && comm.length >= 15 && name.startsWith(comm));

/** Image names from `tasklist /FO CSV /NH`: the first quoted field of each line. */
export function parseTasklistCsv(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .map((l) => /^"([^"]*)"/.exec(l.trim())?.[1])
    .filter((n): n is string => Boolean(n));
}

/** Command names from `ps -axco comm` (a header line, then one name a line). */
export function parsePsComm(stdout: string): string[] {
  return stdout
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);
}

async function processRunning(id: string, name: string, platform: NodeJS.Platform, signal?: AbortSignal): Promise<CheckResult> {
  if (platform === 'linux') {
    // A name with a slash is a full path (of the executable or argv[0]). comm holds 15
    // characters: a longer name is told apart by argv[0] or the executable, and by the
    // truncated comm alone only when neither can be read.
    const base = (p: string) => (p ? path.posix.basename(p) : '');
    const matches = name.includes('/')
      ? (p: LinuxProcess) => p.exe === name || p.argv0 === name
      : (p: LinuxProcess) => p.comm === name || base(p.argv0) === name || base(p.exe) === name || (name.length > 15 && !p.argv0 && !p.exe && commMatches(p.comm, name));
    const found = (await linuxProcesses()).filter(matches);
    return found.length
      ? { id, status: 'pass', detail: clip(`${name} is running (pid ${found.slice(0, 10).map((p) => p.pid).join(', ')}${found.length > 10 ? ', …' : ''})`) }
      : { id, status: 'fail', detail: clip(`no process named ${name} is running`) };
  }
  if (platform === 'darwin') {
    const r = await run('ps', ['-axco', 'comm'], { timeoutMs: QUERY_TIMEOUT_MS, signal });
    if (r.code !== 0) return { id, status: 'error', detail: clip(`ps -axco comm failed: ${outputTail(r.stdout, r.stderr, 500) || `exit code ${r.code}`}`) };
    const count = parsePsComm(r.stdout).filter((c) => commMatches(c, name)).length;
    return count ? { id, status: 'pass', detail: clip(`${name} is running (${count} process${count > 1 ? 'es' : ''})`) } : { id, status: 'fail', detail: clip(`no process named ${name} is running`) };
  }
  if (platform === 'win32') {
    if (/["\r\n]/.test(name)) return { id, status: 'error', detail: 'a process name cannot hold quotes or line breaks' };
    const image = /\.exe$/i.test(name) ? name : `${name}.exe`;
    const r = await run('tasklist', ['/FO', 'CSV', '/NH', '/FI', `IMAGENAME eq ${image}`], { timeoutMs: QUERY_TIMEOUT_MS, signal });
    if (r.code !== 0) return { id, status: 'error', detail: clip(`tasklist failed: ${outputTail(r.stdout, r.stderr, 500) || `exit code ${r.code}`}`) };
    const count = parseTasklistCsv(r.stdout).filter((n) => n.toLowerCase() === image.toLowerCase()).length;
    return count ? { id, status: 'pass', detail: clip(`${image} is running (${count} process${count > 1 ? 'es' : ''})`) } : { id, status: 'fail', detail: clip(`no process ${image} is running`) };
  }
  return { id, status: 'unsupported', detail: `process checks are not available on ${platform}` };
}

// ---------------------------------------------------------------------------------------------
// Services

const UNIT_SUFFIX = /\.(service|socket|target|timer|mount|automount|path|swap|slice|scope|device)$/;

/** The systemd unit a service name stands for: a bare name is a .service. */
export const systemdUnit = (name: string) => (UNIT_SUFFIX.test(name) ? name : `${name}.service`);

/** The state of `sc query` output ("STATE : 4  RUNNING"), or null when the service is not there. */
export function parseScQueryState(stdout: string): string | null {
  return /STATE\s*:\s*\d+\s+([A-Z_]+)/.exec(stdout)?.[1] ?? null;
}

/** The state of `launchctl print` output ("state = running"), or null. */
export function parseLaunchctlState(stdout: string): string | null {
  return /^\s*state = (\S+)/m.exec(stdout)?.[1] ?? null;
}

async function serviceRunning(id: string, name: string, opts: Required<Pick<CheckOptions, 'platform' | 'systemd'>> & CheckOptions): Promise<CheckResult> {
  const { platform, signal } = opts;
  if (!SAFE_NAME.test(name)) return { id, status: 'error', detail: clip(`"${name}" is not a valid service name`) };
  if (platform === 'linux') {
    if (!opts.systemd) {
      const base = name.replace(UNIT_SUFFIX, '');
      const r = await processRunning(id, base, platform, signal);
      return { ...r, detail: clip(`systemd is not running on this machine, so a process named ${base} was checked instead: ${r.detail}`) };
    }
    const unit = systemdUnit(name);
    const r = await run('systemctl', ['is-active', '--', unit], { timeoutMs: QUERY_TIMEOUT_MS, signal });
    const state = r.stdout.trim().split('\n')[0] ?? '';
    if (r.code === 0 && state === 'active') return { id, status: 'pass', detail: `${unit} is active` };
    if (r.code === null || !state) return { id, status: 'error', detail: clip(`systemctl is-active ${unit} failed: ${outputTail(r.stdout, r.stderr, 500) || (r.timedOut ? 'timed out' : `exit code ${r.code}`)}`) };
    return { id, status: 'fail', detail: clip(`${unit} is ${state}`) };
  }
  if (platform === 'darwin') {
    const r = await run('launchctl', ['print', `system/${name}`], { timeoutMs: QUERY_TIMEOUT_MS, signal });
    if (r.code === null) return { id, status: 'error', detail: clip(`launchctl print failed: ${outputTail(r.stdout, r.stderr, 500) || 'timed out'}`) };
    if (r.code !== 0) return { id, status: 'fail', detail: clip(`${name} is not loaded in the system domain`) };
    const state = parseLaunchctlState(r.stdout);
    return state === 'running' ? { id, status: 'pass', detail: `${name} is running` } : { id, status: 'fail', detail: clip(`${name} is loaded but ${state ? `its state is ${state}` : 'not running'}`) };
  }
  if (platform === 'win32') {
    const r = await run('sc.exe', ['query', name], { timeoutMs: QUERY_TIMEOUT_MS, signal });
    if (r.code === null) return { id, status: 'error', detail: clip(`sc query failed: ${outputTail(r.stdout, r.stderr, 500) || 'timed out'}`) };
    // 1060: the specified service does not exist as an installed service.
    if (r.code === 1060) return { id, status: 'fail', detail: clip(`${name} is not an installed service`) };
    const state = parseScQueryState(r.stdout);
    if (!state) return { id, status: 'error', detail: clip(`sc query ${name} answered exit code ${r.code}: ${outputTail(r.stdout, r.stderr, 500)}`) };
    return state === 'RUNNING' ? { id, status: 'pass', detail: `${name} is running` } : { id, status: 'fail', detail: clip(`${name} is ${state.toLowerCase().replace(/_/g, ' ')}`) };
  }
  return { id, status: 'unsupported', detail: `service checks are not available on ${platform}` };
}

// ---------------------------------------------------------------------------------------------
// Files

const absolute = (p: string, platform: NodeJS.Platform) => (platform === 'win32' ? path.win32.isAbsolute(p) : path.posix.isAbsolute(p));

async function statOrNull(file: string) {
  try {
    return await fsp.stat(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
}

async function fileExists(id: string, file: string, platform: NodeJS.Platform): Promise<CheckResult> {
  if (!absolute(file, platform)) return { id, status: 'error', detail: clip(`${file} is not an absolute path`) };
  const st = await statOrNull(file);
  if (!st) return { id, status: 'fail', detail: clip(`${file} does not exist`) };
  return { id, status: 'pass', detail: clip(st.isDirectory() ? `${file} exists (a directory)` : `${file} exists (${st.size} bytes)`) };
}

/** Reads up to `keep` bytes for text conditions while hashing up to `limit` bytes. */
async function readAndHash(file: string, keep: number): Promise<{ text: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (kept < keep) {
      chunks.push(chunk.subarray(0, keep - kept));
      kept += Math.min(chunk.length, keep - kept);
    }
  }
  return { text: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/** File text as UTF-8, or UTF-16 when a byte order mark says so (Windows tools often write UTF-16LE). */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    // Big-endian: swap each pair into little-endian (a trailing odd byte is not a character).
    const body = bytes.subarray(2, 2 + ((bytes.length - 2) & ~1));
    return Buffer.from(body).swap16().toString('utf16le');
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  return bytes.toString('utf8');
}

/** Whether any line of `content` matches `regex`; throws when it runs past REGEX_TIMEOUT_MS. */
function regexMatches(regex: RegExp, content: string): boolean {
  return vm.runInNewContext('regex.test(content)', { regex, content }, { timeout: REGEX_TIMEOUT_MS }) as boolean;
}

async function fileContent(id: string, check: Extract<AgentCheck, { kind: 'file_content' }>, platform: NodeJS.Platform): Promise<CheckResult> {
  const file = check.path;
  if (!absolute(file, platform)) return { id, status: 'error', detail: clip(`${file} is not an absolute path`) };
  let regex: RegExp | undefined;
  if (check.regex !== undefined) {
    try {
      // Multiline: ^ and $ match at each line, the way grep reads a file.
      regex = new RegExp(check.regex, 'm');
    } catch (e) {
      return { id, status: 'error', detail: clip(`invalid regex: ${errorText(e)}`) };
    }
  }
  const st = await statOrNull(file);
  if (!st) return { id, status: 'fail', detail: clip(`${file} does not exist`) };
  if (!st.isFile()) return { id, status: 'error', detail: clip(`${file} is not a regular file`) };
  const needsText = check.contains !== undefined || regex !== undefined;
  const limit = needsText ? TEXT_MAX_BYTES : HASH_MAX_BYTES;
  if (st.size > limit) {
    return { id, status: 'error', detail: clip(`${file} is ${st.size} bytes: content checks read at most ${limit} bytes${needsText ? ' (a sha256 check alone reads up to 1 GB)' : ''}`) };
  }
  if (!needsText && check.sha256 === undefined) return { id, status: 'pass', detail: clip(`${file} exists (${st.size} bytes); no content condition was given`) };
  const { text: bytes, sha256 } = await readAndHash(file, needsText ? TEXT_MAX_BYTES : 0);
  const content = decodeText(bytes);
  const failures: string[] = [];
  const passes: string[] = [];
  if (check.contains !== undefined) (content.includes(check.contains) ? passes : failures).push(`${content.includes(check.contains) ? 'contains' : 'does not contain'} ${JSON.stringify(check.contains.slice(0, 200))}`);
  if (regex) {
    let matched: boolean;
    try {
      matched = regexMatches(regex, content);
    } catch (e) {
      return { id, status: 'error', detail: clip(`regex /${check.regex}/ could not be evaluated over ${file}: ${errorText(e)}`) };
    }
    (matched ? passes : failures).push(matched ? `matches /${check.regex}/` : `no line matches /${check.regex}/`);
  }
  if (check.sha256 !== undefined) (sha256 === check.sha256 ? passes : failures).push(sha256 === check.sha256 ? 'sha256 matches' : `sha256 is ${sha256}, expected ${check.sha256}`);
  return failures.length ? { id, status: 'fail', detail: clip(`${file} ${failures.join('; ')}`) } : { id, status: 'pass', detail: clip(`${file} ${passes.join('; ')}`) };
}

// ---------------------------------------------------------------------------------------------
// Scripts

type StepOutcome = { kind: 'exit'; code: number; tail: string } | { kind: 'error'; detail: string };

async function runStep(step: ScriptStep, signal?: AbortSignal): Promise<StepOutcome> {
  const r = await runScript({ interpreter: step.interpreter, script: step.script, timeoutSeconds: step.timeoutSeconds }, signal);
  const tail = outputTail(r.stdout, r.stderr);
  if (r.status === 'timed_out') return { kind: 'error', detail: `timed out after ${step.timeoutSeconds} s${tail ? `: ${tail}` : ''}` };
  if (r.status === 'cancelled') return { kind: 'error', detail: 'cancelled from the server' };
  if (r.exitCode === undefined) return { kind: 'error', detail: `could not run: ${tail || 'no exit code'}` };
  return { kind: 'exit', code: r.exitCode, tail };
}

const exitWords = (o: Extract<StepOutcome, { kind: 'exit' }>) => `exit code ${o.code}${o.tail ? `: ${o.tail}` : ''}`;

async function scriptCheck(id: string, check: Extract<AgentCheck, { kind: 'script' }>, platform: NodeJS.Platform, signal?: AbortSignal): Promise<CheckResult> {
  for (const [step, label] of [[check.check, 'check'], [check.remediation, 'remediation']] as const) {
    if (step && !resolveInterpreter(step.interpreter, platform)) return { id, status: 'unsupported', detail: `the ${label} script needs ${step.interpreter}, which is not available on this device` };
  }
  const first = await runStep(check.check, signal);
  if (first.kind === 'error') return { id, status: 'error', detail: clip(`check script ${first.detail}`), exitCode: null };
  if (first.code === 0) return { id, status: 'pass', detail: clip(exitWords(first)), exitCode: 0 };
  if (!check.remediation) return { id, status: 'fail', detail: clip(exitWords(first)), exitCode: first.code };

  const fix = await runStep(check.remediation, signal);
  const fixWords = fix.kind === 'exit' ? `remediation ${exitWords(fix)}` : `remediation ${fix.detail}`;
  const remediationExitCode = fix.kind === 'exit' ? fix.code : null;
  const again = await runStep(check.check, signal);
  const before = `before remediation: ${exitWords(first)}`;
  if (again.kind === 'error') return { id, status: 'error', detail: clip(`${before}; ${fixWords}; check script after remediation ${again.detail}`), exitCode: null, remediated: true, remediationExitCode };
  return { id, status: again.code === 0 ? 'pass' : 'fail', detail: clip(`${before}; ${fixWords}; after remediation: ${exitWords(again)}`), exitCode: again.code, remediated: true, remediationExitCode };
}

// ---------------------------------------------------------------------------------------------

/** Runs one check; whatever goes wrong inside answers `error` for this check only. */
export async function runCheck(check: AgentCheck, opts: CheckOptions = {}): Promise<CheckResult> {
  const platform = opts.platform ?? process.platform;
  const systemd = opts.systemd ?? existsSync('/run/systemd/system');
  try {
    switch (check.kind) {
      case 'service_running':
        return await serviceRunning(check.id, check.name, { ...opts, platform, systemd });
      case 'process_running':
        return await processRunning(check.id, check.name, platform, opts.signal);
      case 'file_exists':
        return await fileExists(check.id, check.path, platform);
      case 'file_content':
        return await fileContent(check.id, check, platform);
      case 'script':
        return await scriptCheck(check.id, check, platform, opts.signal);
      case 'unknown':
        return { id: check.id, status: 'unsupported', detail: clip(`this agent does not know the check kind "${check.unknownKind}"`) };
    }
  } catch (e) {
    return { id: check.id, status: 'error', detail: clip(`the check could not run: ${errorText(e)}`) };
  }
}

/** The policy_check command: result { checks } with one answer per check, in payload order. */
export async function runPolicyCheck(payload: unknown, opts: CheckOptions = {}): Promise<CommandResult> {
  let checks: AgentCheck[];
  try {
    checks = parsePolicyCheckPayload(payload);
  } catch (e) {
    if (e instanceof PayloadError) return { status: 'failed', stderr: `Invalid policy_check payload: ${e.message}`, result: { code: 'INVALID_PAYLOAD', message: e.message } };
    throw e;
  }
  const results: CheckResult[] = [];
  for (const check of checks) {
    if (opts.signal?.aborted) break;
    results.push(await runCheck(check, opts));
  }
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const summary = [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
  if (opts.signal?.aborted) return { status: 'cancelled', stderr: `cancelled after ${results.length} of ${checks.length} checks`, result: { checks: results } };
  return { status: 'completed', stdout: `${checks.length} checks: ${summary}`, result: { checks: results } };
}
