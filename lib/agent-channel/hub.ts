// The live agent channel, server side. Each web process runs one hub: it accepts the agents'
// WebSockets on GET /api/v1/agents/channel (the upgrade handled by the custom Node server),
// records in agent_channel_presence which process holds which device (with a lease, so the
// entries of a process that died expire on their own), and keeps ONE dedicated PostgreSQL
// connection that LISTENs for:
// - `agent_wake` (a command was queued for a device: wake its agent so it claims it now);
// - its own relay channel `agent_channel_<process id>`: requests other processes relay to the
//   devices this one holds, and the answers to the requests this one relayed.
// A request for a device is sent directly when this process holds its socket, relayed through
// NOTIFY to the holder otherwise; nothing assumes a single process. Frame format: docs/AGENT-CHANNEL.md.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { dbPool } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { authenticateAgent } from '@/lib/agents/authenticate-agent';
import type { AgentContext } from '@/lib/auth/context';

export const CHANNEL_PATH = '/api/v1/agents/channel';
const WAKE_CHANNEL = 'agent_wake';
/** NOTIFY payloads are capped at 8000 bytes; larger relayed frames go through agent_channel_relay. */
const NOTIFY_INLINE_MAX = 7000;
const MAX_FRAME_BYTES = 16 * 1024 * 1024;
const MAX_PENDING_PER_DEVICE = 64;

export interface HubOptions {
  /** Presence lease; refreshed every third of it. Default 60 s. */
  leaseSeconds?: number;
  /** Interval of the WebSocket ping (a connection that missed one pong is dropped). Default 25 s. */
  pingSeconds?: number;
}

export interface AgentErrorBody {
  code: string;
  message: string;
}

type RelayMessage =
  | { k: 'req'; id: string; from: string; deviceId: string; op: string; params: unknown; timeoutMs: number }
  | { k: 'res'; id: string; ok: true; result: unknown }
  | { k: 'res'; id: string; ok: false; error: AgentErrorBody; offline?: boolean }
  | StreamRelayMessage
  | { k: 'app'; topic: string; data: unknown };

/**
 * Byte streams relayed between the process that opened one (e.g. holding a browser's terminal
 * WebSocket) and the process holding the device's channel. `sid` is the opener's stream id
 * (uuid); data travels base64-encoded, in order (each side sends one stream's messages one after
 * another and handles them one after another).
 */
type StreamRelayMessage =
  | { k: 'sopen'; sid: string; from: string; deviceId: string; kind: string; params: unknown; timeoutMs: number }
  | { k: 'sopened'; sid: string; error?: AgentErrorBody; offline?: boolean }
  | { k: 'sdata'; sid: string; d: string }
  | { k: 'sctl'; sid: string; frame: Record<string, unknown> }
  | { k: 'sclose'; sid: string; reason: string };

/** What the opener of a byte stream hears from the device. */
export interface StreamHandlers {
  onData(chunk: Buffer): void;
  /** The stream ended (the device closed it, the agent went away); called at most once. */
  onClose(reason: string): void;
}

/** The opener's end of a byte stream to a device. */
export interface StreamHandle {
  write(chunk: Buffer): void;
  /** A control frame for the stream (e.g. `{ type: 'stream.resize', cols, rows }`). */
  control(frame: Record<string, unknown>): void;
  close(reason?: string): void;
}

/** Largest payload of one relayed data message (bigger NOTIFYs go through agent_channel_relay). */
const RELAY_CHUNK = 48 * 1024;

interface LocalStream {
  id: number;
  deviceId: string;
  handlers: StreamHandlers;
  opened: boolean;
  settle?: (error: { error: AgentErrorBody; offline?: boolean } | null) => void;
  timer?: NodeJS.Timeout;
}

interface Connection {
  id: string;
  ws: WebSocket;
  deviceId: string;
  alive: boolean;
  hello: Record<string, unknown> | null;
  streams: Map<number, LocalStream>;
  nextStream: number;
}

interface Pending {
  deviceId: string;
  timer: NodeJS.Timeout;
  settle: (answer: { ok: true; result: unknown } | { ok: false; error: AgentErrorBody; offline?: boolean }) => void;
}

export const agentOffline = (message = 'The device has no open agent channel (its agent is offline, outdated, or still connecting)') =>
  new AppError('AGENT_OFFLINE', 409, message);
export const agentTimeout = (seconds: number) =>
  new AppError('AGENT_TIMEOUT', 504, `The agent did not answer within ${seconds} seconds`);

/**
 * What the agent's error codes become over HTTP. Only known codes keep their meaning: anything
 * else an agent says is an operation that failed on the device (422 AGENT_OPERATION_FAILED).
 */
const AGENT_ERROR_STATUS: Record<string, number> = {
  UNSUPPORTED_ON_PLATFORM: 422,
  UNSUPPORTED_OPERATION: 422,
  PROCESS_NOT_FOUND: 404,
  SERVICE_NOT_FOUND: 404,
  INVALID_REQUEST: 400,
  LOG_NOT_FOUND: 404,
  EVENT_NOT_FOUND: 404,
  TASK_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  FILE_EXISTS: 409,
  FILE_TOO_LARGE: 413,
  KEY_NOT_FOUND: 404,
  VALUE_NOT_FOUND: 404,
  KEY_NOT_EMPTY: 409,
};

export function agentError(error: AgentErrorBody): AppError {
  const code = typeof error?.code === 'string' ? error.code : 'AGENT_OPERATION_FAILED';
  const message = typeof error?.message === 'string' ? error.message.slice(0, 2000) : 'The agent reported an error';
  const status = AGENT_ERROR_STATUS[code];
  if (status) return new AppError(code, status, message);
  return new AppError('AGENT_OPERATION_FAILED', 422, message, { agentCode: code.slice(0, 64) });
}

function relayChannel(processId: string): string {
  return `agent_channel_${processId.replace(/-/g, '')}`;
}

export class AgentChannelHub {
  readonly processId = randomUUID();
  private readonly connections = new Map<string, Connection>();
  private readonly pending = new Map<string, Pending>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  private readonly leaseSeconds: number;
  private readonly pingSeconds: number;
  private listener: pg.Client | null = null;
  private listening = false;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private reconnectAttempt = 0;
  /** Streams this process opened on a device held elsewhere (by relay id). */
  private readonly relayedOut = new Map<string, { holder: string; handlers: StreamHandlers; settle?: (e: { error: AgentErrorBody; offline?: boolean } | null) => void; timer?: NodeJS.Timeout }>();
  /** Streams other processes opened on devices this one holds (by relay id). */
  private readonly relayedIn = new Map<string, StreamHandle>();
  /** Per relay id, the chain that keeps one stream's messages in order (sending and handling). */
  private readonly streamChains = new Map<string, Promise<void>>();
  private readonly appListeners = new Map<string, (data: unknown) => void>();
  private relayChain: Promise<void> = Promise.resolve();

  constructor(opts: HubOptions = {}) {
    this.leaseSeconds = opts.leaseSeconds ?? 60;
    this.pingSeconds = opts.pingSeconds ?? 25;
  }

  /** Connects the LISTEN connection and starts the lease, ping and sweep timers (idempotent). */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.connectListener();
      this.timers.push(
        setInterval(() => void this.refreshLeases(), (this.leaseSeconds * 1000) / 3).unref(),
        setInterval(() => this.ping(), this.pingSeconds * 1000).unref(),
      );
    })();
    return this.starting;
  }

  /** Handles `upgrade` events of an HTTP server for the channel path; other paths go to `fallback`. */
  attach(server: Server, fallback?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === CHANNEL_PATH) void this.handleUpgrade(req, socket, head);
      else if (fallback) fallback(req, socket, head);
      else socket.destroy();
    });
  }

  /** Devices whose channel this process holds (for tests and diagnostics). */
  localDevices(): string[] {
    return [...this.connections.keys()];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.connections.values()) {
      for (const stream of [...c.streams.values()]) this.endLocalStream(c, stream, 'the server is stopping', true);
      c.ws.close(1001, 'server stopping');
    }
    const held = [...this.connections.keys()];
    this.connections.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.settle({ ok: false, error: { code: 'AGENT_OFFLINE', message: 'The server is stopping' }, offline: true });
      this.pending.delete(id);
    }
    if (held.length) await dbPool().query('delete from agent_channel_presence where process_id = $1', [this.processId]).catch(() => undefined);
    const listener = this.listener;
    this.listener = null;
    this.listening = false;
    await listener?.end().catch(() => undefined);
    this.wss.close();
  }

  // ---- the agent's side ---------------------------------------------------------------------

  private async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    let agent: AgentContext;
    try {
      if (this.stopped) throw new AppError('SERVICE_UNAVAILABLE', 503, 'The server is stopping');
      await this.start();
      const headers = new Headers();
      const authorization = req.headers.authorization;
      if (authorization) headers.set('authorization', authorization);
      // The same check as the agent HTTP routes: a revoked or decommissioned device answers 401
      // AGENT_REVOKED, the narrowed credential of an offboarding partner's agent 403.
      agent = await authenticateAgent(new Request(`http://channel${CHANNEL_PATH}`, { headers }), { requestId: randomUUID(), ip: req.socket.remoteAddress ?? null }, { allowNarrowed: false });
    } catch (error) {
      const e = error instanceof AppError ? error : new AppError('INTERNAL_ERROR', 500, 'Could not open the channel');
      const body = JSON.stringify({ error: { code: e.code, message: e.message, details: e.details } });
      socket.end(
        `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => void this.accept(ws, agent));
  }

  private async accept(ws: WebSocket, agent: AgentContext): Promise<void> {
    const conn: Connection = { id: randomUUID(), ws, deviceId: agent.deviceId, alive: true, hello: null, streams: new Map(), nextStream: 1 };
    const previous = this.connections.get(agent.deviceId);
    this.connections.set(agent.deviceId, conn);
    if (previous) previous.ws.close(4000, 'replaced by a newer connection');
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (data: RawData, isBinary: boolean) => this.onAgentFrame(conn, data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => void this.onClose(conn));
    try {
      // The newest connection wins, whichever process held the device before.
      await dbPool().query(
        `insert into agent_channel_presence (device_id, process_id, connection_id, connected_at, lease_expires_at)
         values ($1, $2, $3, now(), now() + make_interval(secs => $4))
         on conflict (device_id) do update set process_id = excluded.process_id, connection_id = excluded.connection_id,
           connected_at = excluded.connected_at, lease_expires_at = excluded.lease_expires_at`,
        [agent.deviceId, this.processId, conn.id, this.leaseSeconds],
      );
    } catch (error) {
      logger.warn({ err: error, deviceId: agent.deviceId }, 'agent channel presence not recorded');
      ws.close(1011, 'presence not recorded');
      return;
    }
    send(ws, { type: 'welcome', connectionId: conn.id });
    logger.debug({ deviceId: agent.deviceId, connectionId: conn.id }, 'agent channel open');
  }

  private async onClose(conn: Connection): Promise<void> {
    if (this.connections.get(conn.deviceId) === conn) {
      this.connections.delete(conn.deviceId);
      for (const [id, p] of this.pending) {
        if (p.deviceId !== conn.deviceId) continue;
        clearTimeout(p.timer);
        this.pending.delete(id);
        p.settle({ ok: false, error: { code: 'AGENT_OFFLINE', message: 'The agent channel closed before the agent answered' }, offline: true });
      }
    }
    for (const stream of conn.streams.values()) this.endLocalStream(conn, stream, 'the agent channel closed', true);
    await dbPool()
      .query('delete from agent_channel_presence where device_id = $1 and connection_id = $2', [conn.deviceId, conn.id])
      .catch(() => undefined);
  }

  private onAgentFrame(conn: Connection, data: RawData, isBinary: boolean): void {
    // Binary frames carry byte streams: 4 bytes stream id (big-endian), then the payload.
    if (isBinary) {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      if (buf.length < 4) return;
      const stream = conn.streams.get(buf.readUInt32BE(0));
      if (stream?.opened) stream.handlers.onData(buf.subarray(4));
      return;
    }
    let frame: { type?: unknown; id?: unknown; ok?: unknown; result?: unknown; error?: unknown; stream?: unknown; reason?: unknown };
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (frame.type === 'hello') {
      conn.hello = frame as Record<string, unknown>;
      return;
    }
    if (frame.type === 'stream.opened' || frame.type === 'stream.close') {
      const stream = typeof frame.stream === 'number' ? conn.streams.get(frame.stream) : undefined;
      if (!stream) return;
      if (frame.type === 'stream.opened' && !stream.opened) {
        stream.opened = true;
        clearTimeout(stream.timer);
        stream.settle?.(null);
        stream.settle = undefined;
      } else if (frame.type === 'stream.close') {
        const error = frame.error as AgentErrorBody | undefined;
        if (!stream.opened && stream.settle) {
          conn.streams.delete(stream.id);
          clearTimeout(stream.timer);
          stream.settle({ error: error ?? { code: 'AGENT_OPERATION_FAILED', message: typeof frame.reason === 'string' ? frame.reason : 'The agent refused the stream' } });
          stream.settle = undefined;
        } else this.endLocalStream(conn, stream, typeof frame.reason === 'string' ? frame.reason.slice(0, 500) : 'closed by the device', false);
      }
      return;
    }
    if (frame.type !== 'response' || typeof frame.id !== 'string') return;
    const p = this.pending.get(frame.id);
    // An answer must come from the device it was asked of: one agent cannot answer for another.
    if (!p || p.deviceId !== conn.deviceId) return;
    clearTimeout(p.timer);
    this.pending.delete(frame.id);
    if (frame.ok === true) p.settle({ ok: true, result: frame.result ?? null });
    else p.settle({ ok: false, error: (frame.error as AgentErrorBody) ?? { code: 'AGENT_OPERATION_FAILED', message: 'The agent reported an error' } });
  }

  /** Sends a request frame to a device this process holds; settles exactly once. */
  private sendLocal(conn: Connection, id: string, op: string, params: unknown, timeoutMs: number, settle: Pending['settle']): void {
    if ([...this.pending.values()].filter((p) => p.deviceId === conn.deviceId).length >= MAX_PENDING_PER_DEVICE) {
      settle({ ok: false, error: { code: 'AGENT_BUSY', message: 'Too many requests are waiting on this agent; try again shortly' } });
      return;
    }
    const timer = setTimeout(() => {
      this.pending.delete(id);
      settle({ ok: false, error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
    }, timeoutMs);
    this.pending.set(id, { deviceId: conn.deviceId, timer, settle });
    send(conn.ws, { type: 'request', id, op, params, timeoutMs });
  }

  // ---- the API's side -----------------------------------------------------------------------

  /**
   * Asks the device's agent to run `op` and answers its result. 409 AGENT_OFFLINE when no web
   * process holds a channel of the device, 504 AGENT_TIMEOUT when the agent does not answer in
   * time, the agent's own error otherwise (see agentError).
   */
  async request<T = unknown>(deviceId: string, op: string, params: unknown, opts: { timeoutMs?: number } = {}): Promise<T> {
    const timeoutMs = opts.timeoutMs ?? env().AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS * 1000;
    const answer = await new Promise<{ ok: true; result: unknown } | { ok: false; error: AgentErrorBody; offline?: boolean }>((resolve, reject) => {
      const id = randomUUID();
      const local = this.connections.get(deviceId);
      if (local) {
        this.sendLocal(local, id, op, params, timeoutMs, resolve);
        return;
      }
      void (async () => {
        const { rows } = await dbPool().query<{ process_id: string }>('select process_id from agent_channel_presence where device_id = $1 and lease_expires_at > now()', [deviceId]);
        const holder = rows[0]?.process_id;
        if (!holder) return resolve({ ok: false, error: { code: 'AGENT_OFFLINE', message: '' }, offline: true });
        // The answer comes back on this process's LISTEN connection (opened on first use).
        await this.start();
        // Relayed: the answer comes back on this process's own channel. The holder applies the
        // same deadline to the agent; this one adds a little for the two hops through PostgreSQL.
        const timer = setTimeout(() => {
          this.pending.delete(id);
          resolve({ ok: false, error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
        }, timeoutMs + 1000);
        this.pending.set(id, { deviceId, timer, settle: resolve });
        await this.notify(holder, { k: 'req', id, from: this.processId, deviceId, op, params, timeoutMs }).catch((error: unknown) => {
          clearTimeout(timer);
          this.pending.delete(id);
          throw error;
        });
      })().catch(reject);
    });
    if (answer.ok) return answer.result as T;
    if (answer.offline || answer.error.code === 'AGENT_OFFLINE') throw agentOffline();
    if (answer.error.code === 'AGENT_TIMEOUT') throw agentTimeout(Math.round(timeoutMs / 1000));
    if (answer.error.code === 'AGENT_BUSY') throw new AppError('AGENT_BUSY', 429, answer.error.message, [], { 'retry-after': '1' });
    throw agentError(answer.error);
  }

  // ---- byte streams (terminals, tunnels) ----------------------------------------------------

  /**
   * Opens a byte stream of `kind` (`pty`, `tcp`) on the device's agent, directly or through the
   * process holding its channel. Resolves once the agent opened it; 409 AGENT_OFFLINE, 504
   * AGENT_TIMEOUT or the agent's refusal (agentError) otherwise.
   */
  async openStream(deviceId: string, kind: string, params: Record<string, unknown>, handlers: StreamHandlers, opts: { timeoutMs?: number } = {}): Promise<StreamHandle> {
    const timeoutMs = opts.timeoutMs ?? env().AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS * 1000;
    const failed = (e: { error: AgentErrorBody; offline?: boolean }) => {
      if (e.offline || e.error.code === 'AGENT_OFFLINE') return agentOffline();
      if (e.error.code === 'AGENT_TIMEOUT') return agentTimeout(Math.round(timeoutMs / 1000));
      return agentError(e.error);
    };
    const local = this.connections.get(deviceId);
    if (local) {
      const { stream, done } = this.openLocalStream(local, kind, params, handlers, timeoutMs);
      const error = await done;
      if (error) throw failed(error);
      return this.localHandle(local, stream);
    }
    const { rows } = await dbPool().query<{ process_id: string }>('select process_id from agent_channel_presence where device_id = $1 and lease_expires_at > now()', [deviceId]);
    const holder = rows[0]?.process_id;
    if (!holder) throw agentOffline();
    await this.start();
    const sid = randomUUID();
    const error = await new Promise<{ error: AgentErrorBody; offline?: boolean } | null>((resolve) => {
      const entry = { holder, handlers, settle: resolve as (e: { error: AgentErrorBody; offline?: boolean } | null) => void, timer: undefined as NodeJS.Timeout | undefined };
      entry.timer = setTimeout(() => {
        this.relayedOut.delete(sid);
        this.streamSend(holder, { k: 'sclose', sid, reason: 'timeout' });
        resolve({ error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
      }, timeoutMs + 1000);
      this.relayedOut.set(sid, entry);
      this.streamSend(holder, { k: 'sopen', sid, from: this.processId, deviceId, kind, params, timeoutMs });
    });
    if (error) throw failed(error);
    let closed = false;
    return {
      write: (chunk) => {
        if (closed) return;
        for (let i = 0; i < chunk.length; i += RELAY_CHUNK) this.streamSend(holder, { k: 'sdata', sid, d: chunk.subarray(i, i + RELAY_CHUNK).toString('base64') });
      },
      control: (frame) => !closed && this.streamSend(holder, { k: 'sctl', sid, frame }),
      close: (reason = 'closed') => {
        if (closed) return;
        closed = true;
        this.relayedOut.delete(sid);
        this.streamSend(holder, { k: 'sclose', sid, reason });
      },
    };
  }

  /**
   * Sends `data` to the listener of `topic` in web process `processId` (through its relay
   * channel); delivered at most once, to nobody when that process is gone.
   */
  async sendToProcess(processId: string, topic: string, data: unknown): Promise<void> {
    if (processId === this.processId) {
      this.appListeners.get(topic)?.(data);
      return;
    }
    await this.notify(processId, { k: 'app', topic, data });
  }

  /** Registers this process's listener of `topic` for sendToProcess (one per topic). */
  onProcessMessage(topic: string, listener: (data: unknown) => void): void {
    this.appListeners.set(topic, listener);
  }

  private openLocalStream(conn: Connection, kind: string, params: Record<string, unknown>, handlers: StreamHandlers, timeoutMs: number) {
    const id = conn.nextStream++ >>> 0;
    const stream: LocalStream = { id, deviceId: conn.deviceId, handlers, opened: false };
    const done = new Promise<{ error: AgentErrorBody; offline?: boolean } | null>((resolve) => {
      stream.settle = resolve;
      stream.timer = setTimeout(() => {
        if (stream.opened) return;
        conn.streams.delete(id);
        stream.settle = undefined;
        send(conn.ws, { type: 'stream.close', stream: id, reason: 'timeout' });
        resolve({ error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
      }, timeoutMs);
    });
    conn.streams.set(id, stream);
    send(conn.ws, { type: 'stream.open', stream: id, kind, params });
    return { stream, done };
  }

  private localHandle(conn: Connection, stream: LocalStream): StreamHandle {
    return {
      write: (chunk) => {
        if (!conn.streams.has(stream.id) || conn.ws.readyState !== conn.ws.OPEN) return;
        const header = Buffer.alloc(4);
        header.writeUInt32BE(stream.id, 0);
        conn.ws.send(Buffer.concat([header, chunk]), { binary: true });
      },
      control: (frame) => {
        if (conn.streams.has(stream.id)) send(conn.ws, { ...frame, stream: stream.id });
      },
      close: (reason = 'closed') => {
        if (!conn.streams.delete(stream.id)) return;
        send(conn.ws, { type: 'stream.close', stream: stream.id, reason });
      },
    };
  }

  /** The device or its channel ended a stream: tell the opener once. */
  private endLocalStream(conn: Connection, stream: LocalStream, reason: string, offline: boolean): void {
    if (!conn.streams.delete(stream.id) && stream.opened) return;
    clearTimeout(stream.timer);
    if (!stream.opened) {
      stream.settle?.({ error: { code: offline ? 'AGENT_OFFLINE' : 'AGENT_OPERATION_FAILED', message: reason }, offline });
      stream.settle = undefined;
      return;
    }
    stream.handlers.onClose(reason);
  }

  /** Sends a stream's relay message after the ones sent before it (NOTIFY order is commit order). */
  private streamSend(processId: string, message: StreamRelayMessage): void {
    const prev = this.streamChains.get(message.sid) ?? Promise.resolve();
    const next = prev
      .then(() => this.notify(processId, message))
      .catch((error: unknown) => logger.warn({ err: error, sid: message.sid }, 'agent channel stream relay lost'));
    this.streamChains.set(message.sid, next);
    if (message.k === 'sclose' || (message.k === 'sopened' && message.error)) void next.then(() => this.streamChains.get(message.sid) === next && this.streamChains.delete(message.sid));
  }

  private onStreamRelay(message: StreamRelayMessage & { from?: string }): void {
    if (message.k === 'sopen') {
      const { sid, from } = message;
      const conn = this.connections.get(message.deviceId);
      if (!conn) return this.streamSend(from, { k: 'sopened', sid, error: { code: 'AGENT_OFFLINE', message: '' }, offline: true });
      const handlers: StreamHandlers = {
        onData: (chunk) => {
          for (let i = 0; i < chunk.length; i += RELAY_CHUNK) this.streamSend(from, { k: 'sdata', sid, d: chunk.subarray(i, i + RELAY_CHUNK).toString('base64') });
        },
        onClose: (reason) => {
          this.relayedIn.delete(sid);
          this.streamSend(from, { k: 'sclose', sid, reason });
        },
      };
      const { stream, done } = this.openLocalStream(conn, message.kind, (message.params ?? {}) as Record<string, unknown>, handlers, Math.min(message.timeoutMs, 300_000));
      // Placeholder until the agent answers, so a close that overtakes the opening is not lost.
      let cancelled: string | null = null;
      this.relayedIn.set(sid, { write: () => undefined, control: () => undefined, close: (reason = 'closed') => (cancelled = reason) });
      void done.then((error) => {
        if (error) {
          this.relayedIn.delete(sid);
          return this.streamSend(from, { k: 'sopened', sid, ...error });
        }
        const handle = this.localHandle(conn, stream);
        if (cancelled !== null) {
          this.relayedIn.delete(sid);
          return handle.close(cancelled);
        }
        this.relayedIn.set(sid, handle);
        this.streamSend(from, { k: 'sopened', sid });
      });
      return;
    }
    if (message.k === 'sopened') {
      const out = this.relayedOut.get(message.sid);
      if (!out?.settle) return;
      clearTimeout(out.timer);
      const settle = out.settle;
      out.settle = undefined;
      if (message.error) {
        this.relayedOut.delete(message.sid);
        settle({ error: message.error, offline: message.offline });
      } else settle(null);
      return;
    }
    if (message.k === 'sdata') {
      const inbound = this.relayedIn.get(message.sid);
      if (inbound) inbound.write(Buffer.from(message.d, 'base64'));
      else this.relayedOut.get(message.sid)?.handlers.onData(Buffer.from(message.d, 'base64'));
      return;
    }
    if (message.k === 'sctl') {
      this.relayedIn.get(message.sid)?.control(message.frame);
      return;
    }
    if (message.k === 'sclose') {
      const inbound = this.relayedIn.get(message.sid);
      if (inbound) {
        this.relayedIn.delete(message.sid);
        inbound.close(message.reason);
        return;
      }
      const out = this.relayedOut.get(message.sid);
      if (!out) return;
      this.relayedOut.delete(message.sid);
      if (out.settle) {
        clearTimeout(out.timer);
        out.settle({ error: { code: 'AGENT_OPERATION_FAILED', message: message.reason } });
      } else out.handlers.onClose(message.reason);
    }
  }

  // ---- the relay between web processes ------------------------------------------------------

  private async notify(processId: string, message: RelayMessage): Promise<void> {
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > NOTIFY_INLINE_MAX) {
      const { rows } = await dbPool().query<{ id: string }>('insert into agent_channel_relay (id, payload) values (gen_random_uuid(), $1) returning id', [payload]);
      payload = JSON.stringify({ k: 'ref', ref: rows[0].id });
    }
    await dbPool().query('select pg_notify($1, $2)', [relayChannel(processId), payload]);
  }

  private async onRelay(payload: string): Promise<void> {
    let message: RelayMessage | { k: 'ref'; ref: string };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (message.k === 'ref') {
      const { rows } = await dbPool().query<{ payload: string }>('delete from agent_channel_relay where id = $1 returning payload', [message.ref]);
      if (!rows[0]) return;
      message = JSON.parse(rows[0].payload) as RelayMessage;
    }
    if (message.k === 'app') {
      this.appListeners.get(message.topic)?.(message.data);
      return;
    }
    if (message.k === 'sopen' || message.k === 'sopened' || message.k === 'sdata' || message.k === 'sctl' || message.k === 'sclose') {
      this.onStreamRelay(message);
      return;
    }
    if (message.k === 'res') {
      const p = this.pending.get(message.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(message.id);
      p.settle(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error, offline: message.offline });
      return;
    }
    if (message.k !== 'req') return;
    const { id, from } = message;
    const reply = (answer: { ok: true; result: unknown } | { ok: false; error: AgentErrorBody; offline?: boolean }) =>
      void this.notify(from, { k: 'res', id, ...answer } as RelayMessage).catch((error: unknown) => logger.warn({ err: error }, 'agent channel relay answer lost'));
    const conn = this.connections.get(message.deviceId);
    if (!conn) return reply({ ok: false, error: { code: 'AGENT_OFFLINE', message: '' }, offline: true });
    this.sendLocal(conn, id, message.op, message.params, Math.min(message.timeoutMs, 300_000), reply);
  }

  private wake(deviceId: string): void {
    const conn = this.connections.get(deviceId);
    if (conn) send(conn.ws, { type: 'wake', reason: 'command' });
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: env().DATABASE_URL, application_name: 'rmm-agent-channel' });
    client.on('notification', (msg) => {
      if (msg.channel === WAKE_CHANNEL) this.wake(msg.payload ?? '');
      // One after another, in delivery order: a stream's data must not overtake itself when one
      // message is read back from agent_channel_relay and the next one arrived inline.
      else if (msg.payload) {
        const payload = msg.payload;
        this.relayChain = this.relayChain.then(() => this.onRelay(payload)).catch((error: unknown) => logger.warn({ err: error }, 'agent channel relay failed'));
      }
    });
    client.on('error', (err) => logger.warn({ err: { message: err.message } }, 'agent channel LISTEN connection lost'));
    client.on('end', () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${WAKE_CHANNEL}`);
    await client.query(`LISTEN ${relayChannel(this.processId)}`);
    this.listener = client;
    this.listening = true;
    this.reconnectAttempt = 0;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(30_000, 500 * 2 ** this.reconnectAttempt++) * (0.5 + Math.random() / 2);
    setTimeout(() => {
      if (this.stopped) return;
      this.connectListener()
        .then(() => this.refreshLeases())
        .catch(() => this.scheduleReconnect());
    }, delay).unref();
  }

  /**
   * Extends the lease of every device this process holds, closes the channels of devices that
   * were decommissioned or whose partner started offboarding since they connected, and drops
   * relay bodies nobody collected. Without a LISTEN connection this process cannot answer
   * relayed requests, so its leases are left to run out.
   */
  private async refreshLeases(): Promise<void> {
    if (!this.listening || this.stopped) return;
    const devices = [...this.connections.keys()];
    try {
      await dbPool().query(
        'update agent_channel_presence set lease_expires_at = now() + make_interval(secs => $3) where process_id = $1 and device_id = any($2::uuid[])',
        [this.processId, devices, this.leaseSeconds],
      );
      // A row whose connection closed while its insert was still on the way.
      await dbPool().query('delete from agent_channel_presence where process_id = $1 and not (device_id = any($2::uuid[]))', [this.processId, devices]);
      if (devices.length) {
        const { rows } = await dbPool().query<{ id: string }>(
          `select d.id from devices d join partners p on p.id = d.partner_id
           where d.id = any($1::uuid[]) and (d.status in ('decommissioned', 'uninstalled') or d.agent_revoked_at is not null or p.status <> 'active' or p.deleted_at is not null)`,
          [devices],
        );
        for (const { id } of rows) this.connections.get(id)?.ws.close(4003, 'agent credential no longer admitted on the channel');
      }
      await dbPool().query("delete from agent_channel_relay where created_at < now() - interval '5 minutes'");
      await dbPool().query("delete from agent_channel_presence where lease_expires_at < now() - interval '1 hour'");
    } catch (error) {
      logger.warn({ err: error }, 'agent channel lease refresh failed');
    }
  }

  private ping(): void {
    for (const conn of this.connections.values()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }
}

function send(ws: WebSocket, frame: Record<string, unknown>): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

const globalForHub = globalThis as unknown as { __rmmAgentChannelHub?: AgentChannelHub };

/**
 * This process's hub. The custom server creates it and attaches it to its HTTP server; route
 * handlers (bundled separately by Next, hence the global) reach the same instance. A process
 * that serves no channel of its own still relays through it.
 */
export function agentChannelHub(): AgentChannelHub {
  globalForHub.__rmmAgentChannelHub ??= new AgentChannelHub();
  return globalForHub.__rmmAgentChannelHub;
}

/** Test hook: forget this process's hub (after stopping it). */
export function resetAgentChannelHub(): void {
  delete globalForHub.__rmmAgentChannelHub;
}
