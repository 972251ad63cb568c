// Just-in-time elevation. `rmm-agent elevate -- <command>` lets a local user ask to run one
// command as root; the request goes to the server with the agent's credential and the command runs
// only once the server approves it, for a bounded time, killed on revoke or expiry.
//
// Why a broker socket and not the credential file: agent.yaml is the device's credential and stays
// readable by root only (0600); the CLI, run by an ordinary user, never sees it. Instead the running
// agent service (root) listens on a local Unix socket (default /run/rmm-agent/elevate.sock, mode
// 0666 inside a 0755 directory; RMM_AGENT_ELEVATE_SOCKET or --socket to change it). Node has no
// SO_PEERCRED, so the service proves who connected with the kernel's file ownership: it sends a
// random nonce, the CLI writes it into a new file it creates (O_EXCL, 0600) and names the file;
// the service checks the file is a regular, single-link file holding the nonce, and takes the
// caller's uid from its owner (which only root can forge). The pid the CLI names must belong to
// that uid; its parent gives the parent image. The service resolves the executable itself (an
// absolute path, or a search of a fixed system PATH, never the caller's), refuses one that users
// other than root can modify, hashes it and runs exactly that file, without a shell, in its own
// process group, with a clean environment. The user's stdin is not forwarded (the command gets
// /dev/null); stdout and stderr stream back to the CLI.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ApiError, type ApiClient } from './http';
import type { AgentConfig } from './config';
import { log } from './log';
import { defaultSocketPath, lines, send, type ClientMessage } from './elevate-protocol';

export const SECURE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const pollMs = () => Math.max(100, Number(process.env.RMM_AGENT_ELEVATE_POLL_MS ?? 2000));
const waitSeconds = () => Math.max(1, Number(process.env.RMM_AGENT_ELEVATE_WAIT_SECONDS ?? 600));
const KILL_GRACE_MS = 5000;

/** Quotes an argv for display and matching, as a POSIX shell would read it back. */
export function commandLineOf(argv: string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The executable the service runs: an absolute path as given, else the first match in the secure PATH. */
export function resolveExecutable(command: string, searchPath = SECURE_PATH): string | null {
  const candidates = command.includes('/') ? (path.isAbsolute(command) ? [command] : []) : searchPath.split(':').map((d) => path.join(d, command));
  for (const c of candidates) {
    try {
      const st = statSync(c);
      if (st.isFile() && st.mode & 0o111) return c;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * Why an executable may not be run elevated, or null: it (and the directory holding it) must be
 * writable by root (or the service's own account) only, or the file hashed and the file run could
 * differ.
 */
export function unsafeExecutable(file: string, serviceUid: number): string | null {
  for (const p of [file, path.dirname(file)]) {
    const st = statSync(p);
    if (st.uid !== 0 && st.uid !== serviceUid) return `${p} is owned by uid ${st.uid}`;
    if (st.mode & 0o022 && !(p !== file && st.mode & 0o1000)) return `${p} is writable by group or others`;
  }
  return null;
}

/**
 * How the elevated command is started: as root (uid 0, gid 0) when the service runs as root;
 * otherwise (a development or test agent) as the service's own account, which is all it has. The
 * environment is rebuilt, never inherited from the requester: a fixed PATH, root's HOME, and the
 * locale only.
 */
export function elevatedSpawnOptions(serviceUid: number, requesterCwd: string, requesterEnv: Record<string, string | undefined> = {}) {
  const asRoot = serviceUid === 0;
  let cwd = '/';
  try {
    if (path.isAbsolute(requesterCwd) && statSync(requesterCwd).isDirectory()) cwd = requesterCwd;
  } catch {
    /* keep / */
  }
  const env: Record<string, string> = { PATH: SECURE_PATH, HOME: asRoot ? '/root' : os.homedir(), USER: asRoot ? 'root' : os.userInfo().username, LOGNAME: asRoot ? 'root' : os.userInfo().username, SHELL: '/bin/sh' };
  for (const k of ['LANG', 'LC_ALL', 'TERM']) if (requesterEnv[k] && /^[\w.@:-]{1,64}$/.test(requesterEnv[k]!)) env[k] = requesterEnv[k]!;
  return { uid: asRoot ? 0 : undefined, gid: asRoot ? 0 : undefined, cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
}

/** The uid owning a proof file, if the file is a fresh, regular, single-link file holding `nonce`. */
export function verifyProof(file: string, nonce: string): number | null {
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.nlink !== 1 || st.size > 256) return null;
    if (readFileSync(file, 'utf8').trim() !== nonce) return null;
    return st.uid;
  } catch {
    return null;
  }
}

function parentImageOf(ppid: number): string | null {
  try {
    return ppid > 0 ? readlinkSync(`/proc/${ppid}/exe`) : null;
  } catch {
    return null;
  }
}

function procStatus(pid: number): Map<string, string> | null {
  try {
    return new Map(
      readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]),
    );
  } catch {
    return null;
  }
}

export function userName(uid: number): string {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (Number(id) === uid && name) return name;
    }
  } catch {
    /* fall through */
  }
  return `uid:${uid}`;
}

export function groupsOf(user: string): string[] {
  const r = spawnSync('id', ['-Gn', '--', user], { encoding: 'utf8', timeout: 5000 });
  return r.status === 0 ? r.stdout.trim().split(/\s+/).filter(Boolean) : [];
}

function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

interface AgentState {
  id: string;
  status: string;
  expiresAt: string | null;
  note: string | null;
}

/** Whether something accepts connections on a Unix socket path (a live listener, not a stale file). */
export function socketAnswers(socketPath: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    const done = (live: boolean) => {
      probe.destroy();
      resolve(live);
    };
    probe.setTimeout(timeoutMs, () => done(false));
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
  });
}

/** The service side: listens on the socket and brokers each connection's request. */
export class ElevationBroker {
  private server: net.Server | null = null;
  /** True once this broker listens on the socket: only then is the file its to remove. */
  private owned = false;
  private readonly children = new Set<ChildProcess>();

  constructor(
    private readonly api: ApiClient,
    private readonly config: AgentConfig,
    private readonly socketPath = defaultSocketPath(),
  ) {}

  /** Resolves once the broker listens, or has decided not to. */
  start(): Promise<void> {
    if (process.platform !== 'linux') return Promise.resolve();
    return this.listen();
  }

  /**
   * Takes the socket unless another running agent already serves it (a second agent on the same
   * machine, started without its own RMM_AGENT_ELEVATE_SOCKET): its users' requests must keep
   * reaching it, so this one leaves elevation off and says why. A stale file is replaced.
   */
  private async listen(): Promise<void> {
    try {
      mkdirSync(path.dirname(this.socketPath), { recursive: true, mode: 0o755 });
      if (existsSync(this.socketPath)) {
        if (await socketAnswers(this.socketPath)) {
          log('warn', 'elevation socket already served by another agent; elevation is off for this one', { socket: this.socketPath });
          return;
        }
        unlinkSync(this.socketPath);
      }
    } catch (error) {
      log('warn', 'elevation socket unavailable', { error: String(error) });
      return;
    }
    const server = net.createServer((socket) => this.handle(socket).catch((error) => {
      log('warn', 'elevation request failed', { error: error instanceof Error ? error.message : String(error) });
      send(socket, { type: 'denied', id: null, reason: 'The agent could not handle the request' });
      socket.end();
    }));
    this.server = server;
    server.on('error', (error) => log('warn', 'elevation socket error', { error: String(error) }));
    await new Promise<void>((resolve) => {
      server.once('error', () => resolve());
      server.listen(this.socketPath, () => {
        this.owned = true;
        chmodSync(this.socketPath, 0o666);
        log('info', 'elevation socket listening', { socket: this.socketPath });
        resolve();
      });
    });
  }

  stop(): void {
    this.server?.close();
    for (const c of this.children) killGroup(c, 'SIGKILL');
    if (!this.owned) return;
    try {
      rmSync(this.socketPath, { force: true });
    } catch {
      /* gone */
    }
  }

  private path(p: string) {
    return `/agents/${this.config.agentId}/elevation-requests${p}`;
  }

  private async handle(socket: net.Socket): Promise<void> {
    const inbox: ClientMessage[] = [];
    let wake: (() => void) | null = null;
    let closed = false;
    socket.on('close', () => {
      closed = true;
      wake?.();
    });
    socket.on('error', () => undefined);
    lines(socket, (m) => {
      inbox.push(m as ClientMessage);
      wake?.();
    });
    const next = async (type: ClientMessage['type']): Promise<ClientMessage | null> => {
      const deadline = Date.now() + 10_000;
      while (!closed && Date.now() < deadline) {
        const m = inbox.shift();
        if (m) return m.type === type ? m : null;
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 500);
        });
      }
      return null;
    };
    const refuse = (reason: string) => {
      send(socket, { type: 'denied', id: null, reason });
      socket.end();
    };

    const hello = (await next('hello')) as Extract<ClientMessage, { type: 'hello' }> | null;
    if (!hello || !Array.isArray(hello.argv) || !hello.argv.length || hello.argv.some((a) => typeof a !== 'string') || !Number.isInteger(hello.pid)) return refuse('Malformed request');
    const nonce = randomBytes(24).toString('hex');
    send(socket, { type: 'challenge', nonce });
    const proof = (await next('proof')) as Extract<ClientMessage, { type: 'proof' }> | null;
    const uid = proof && typeof proof.path === 'string' && path.isAbsolute(proof.path) ? verifyProof(proof.path, nonce) : null;
    if (uid === null) return refuse('Could not verify who is asking');
    const status = procStatus(hello.pid);
    if (!status || Number(status.get('Uid')?.split(/\s+/)[0]) !== uid) return refuse('Could not verify the requesting process');
    const ppid = Number(status.get('PPid'));
    const parentImage = parentImageOf(ppid);

    const executable = resolveExecutable(hello.argv[0]);
    if (!executable) return refuse(`${hello.argv[0]}: not found (relative names are searched in ${SECURE_PATH})`);
    const serviceUid = process.getuid?.() ?? 0;
    const unsafe = unsafeExecutable(executable, serviceUid);
    if (unsafe) return refuse(`Refusing to elevate a modifiable executable: ${unsafe}`);
    const user = userName(uid);
    const argv = [executable, ...hello.argv.slice(1)];
    const body = {
      executablePath: executable,
      sha256: sha256File(executable),
      signer: null, // Linux executables carry no code signature.
      signerThumbprint: null,
      parentImage,
      commandLine: commandLineOf(argv),
      user,
      groups: groupsOf(user),
      reason: typeof hello.reason === 'string' && hello.reason.trim() ? hello.reason.trim().slice(0, 1000) : null,
    };
    let state = (await this.api.request<AgentState>('POST', this.path(''), body, this.config.token)).body;
    log('info', 'elevation requested', { id: state.id, user, executable, status: state.status });
    send(socket, { type: 'submitted', id: state.id, status: state.status });

    const waitUntil = Date.now() + waitSeconds() * 1000;
    while (state.status === 'pending' && !closed && Date.now() < waitUntil) {
      await new Promise((r) => setTimeout(r, pollMs()));
      state = (await this.api.request<AgentState>('GET', this.path(`/${state.id}`), undefined, this.config.token)).body;
    }
    if (state.status === 'pending') {
      await this.finish(state.id, null, 'expired');
      if (!closed) refuse('No decision in time');
      return;
    }
    if (state.status !== 'approved') {
      send(socket, { type: 'denied', id: state.id, reason: state.note ?? `The request was ${state.status}` });
      socket.end();
      return;
    }
    if (closed) {
      await this.finish(state.id, null, 'failed');
      return;
    }
    await this.runApproved(socket, state, argv, hello.cwd, serviceUid, () => closed);
  }

  private async finish(id: string, code: number | null, outcome: 'exited' | 'revoked' | 'expired' | 'failed') {
    try {
      await this.api.request('POST', this.path(`/${id}/finish`), { exitCode: code, outcome }, this.config.token);
    } catch (error) {
      log('warn', 'elevation end not reported', { id, error: String(error) });
    }
  }

  private async runApproved(socket: net.Socket, state: AgentState, argv: string[], cwd: string, serviceUid: number, isClosed: () => boolean) {
    const options = elevatedSpawnOptions(serviceUid, typeof cwd === 'string' ? cwd : '/');
    send(socket, { type: 'approved', id: state.id, expiresAt: state.expiresAt, runAs: serviceUid === 0 ? 'root' : userName(serviceUid) });
    const child: ChildProcess = spawn(argv[0], argv.slice(1), { ...options, env: options.env as NodeJS.ProcessEnv });
    this.children.add(child);
    log('info', 'elevation running', { id: state.id, pid: child.pid, expiresAt: state.expiresAt });
    child.stdout!.on('data', (d: Buffer) => send(socket, { type: 'stdout', data: d.toString('base64') }));
    child.stderr!.on('data', (d: Buffer) => send(socket, { type: 'stderr', data: d.toString('base64') }));
    let outcome: 'exited' | 'revoked' | 'expired' | 'failed' = 'exited';
    const exited = new Promise<number | null>((resolve) => {
      child.on('error', () => {
        outcome = 'failed';
        resolve(null);
      });
      child.on('close', (code) => resolve(code));
    });
    let done = false;
    void exited.then(() => (done = true));
    const kill = (why: 'revoked' | 'expired') => {
      if (done) return;
      outcome = why;
      log('info', `elevation ${why}: killing`, { id: state.id, pid: child.pid });
      killGroup(child, 'SIGTERM');
      setTimeout(() => !done && killGroup(child, 'SIGKILL'), KILL_GRACE_MS).unref();
    };
    const expiresAt = state.expiresAt ? new Date(state.expiresAt).getTime() : Date.now();
    const expiryTimer = setTimeout(() => kill('expired'), Math.max(0, expiresAt - Date.now()));
    // Revocation is learnt by polling the request's state while the command runs.
    const watcher = (async () => {
      while (!done) {
        await Promise.race([exited, new Promise((r) => setTimeout(r, pollMs()))]);
        if (done) break;
        try {
          const now = (await this.api.request<AgentState>('GET', this.path(`/${state.id}`), undefined, this.config.token)).body;
          if (now.status === 'revoked' || now.status === 'expired') kill(now.status);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) kill('revoked');
        }
      }
    })();
    const code = await exited;
    clearTimeout(expiryTimer);
    await watcher;
    this.children.delete(child);
    await this.finish(state.id, code, outcome);
    log('info', 'elevation ended', { id: state.id, code, outcome });
    if (!isClosed()) {
      send(socket, { type: 'exit', code, outcome });
      socket.end();
    }
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}
