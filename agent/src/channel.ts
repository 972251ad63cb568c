// The live channel: one outbound WebSocket to the server (GET /api/v1/agents/channel with the
// agent's bearer token), kept open for the agent's life. The server sends request frames the
// agent answers (system tools) and wake frames when a command was queued (the runner then
// heartbeats at once and claims it as usual). Heartbeats stay on HTTP. A lost connection is
// retried with capped exponential backoff and jitter; a refused credential waits the longest.
// Frame format: docs/AGENT-CHANNEL.md.
import WebSocket from 'ws';
import { log } from './log';
import { AGENT_VERSION } from './version';

export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type ChannelHandler = (params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

/** The agent's end of one byte stream, as a stream opener returns it. */
export interface AgentStream {
  /**
   * Bytes from the server (keystrokes, a request's bytes). `done` is called once they were
   * handed on (written to the PTY or the target): only then does the server get credit for more.
   */
  write(chunk: Buffer, done: () => void): void;
  /** Stop reading the source (the server has no credit left for this stream)… */
  pause?(): void;
  /** …and read it again (credit came back). */
  resume?(): void;
  /** A control frame from the server (e.g. `stream.resize`). */
  control?(frame: Record<string, unknown>): void;
  /** The server closed the stream (or the channel went away). */
  close(reason: string): void;
}

/** What a stream opener may do towards the server. */
export interface StreamPeer {
  send(chunk: Buffer): void;
  /** Ends the stream from the device's side (process exited, connection closed). */
  close(reason: string): void;
}

/** Opens a stream of one kind (`pty`, `tcp`); throws a ToolError to refuse it. */
export type StreamOpener = (params: Record<string, unknown>, peer: StreamPeer) => Promise<AgentStream>;

export interface ChannelOptions {
  server: string;
  token: string;
  handlers: Record<string, ChannelHandler>;
  onWake: () => void;
  /** Byte stream kinds this agent opens (terminals, tunnels). */
  streams?: Record<string, StreamOpener>;
  /** Backoff bounds; defaults 1 s and 60 s. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The wait before reconnection attempt `attempt` (0-based): exponential from `base`, capped at
 * `cap`, with "equal jitter" (half fixed, half random) so a fleet cut off at once does not come
 * back at once, yet no agent retries in a tight loop.
 */
export function reconnectDelay(attempt: number, base: number, cap: number, random: () => number = Math.random): number {
  const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function channelUrl(server: string): string {
  const url = new URL('/api/v1/agents/channel', server.endsWith('/') ? server : `${server}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A connection that saw no ping from the server for this long is considered dead. */
const SILENCE_MS = 90_000;
/** Bytes the server may send on one stream before the agent handed them on (its window). */
export const STREAM_WINDOW = 256 * 1024;

/**
 * Flow control of one stream (`stream.window` credits): `credit` is what this agent may still
 * send to the server (unlimited when the server announced no window), `owed` what it handed on
 * of the server's bytes and has not yet given back as credit.
 */
interface Flow {
  credit: number;
  paused: boolean;
  owed: number;
}

export class AgentChannel {
  private ws: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private readonly running = new Map<string, AbortController>();
  private readonly streams = new Map<number, AgentStream | null>();
  private readonly flows = new Map<number, Flow>();
  /** True while a channel is open (for tests and diagnostics). */
  connected = false;

  constructor(private readonly opts: ChannelOptions) {}

  start(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    for (const c of this.running.values()) c.abort();
    this.ws?.close(1000, 'agent stopping');
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(channelUrl(this.opts.server), {
      headers: { authorization: `Bearer ${this.opts.token}`, 'user-agent': `rmm-agent/${AGENT_VERSION}` },
      handshakeTimeout: 20_000,
      maxPayload: 16 * 1024 * 1024,
      perMessageDeflate: false,
    });
    this.ws = ws;
    let refusal: number | null = null;
    ws.on('unexpected-response', (_req, res) => {
      refusal = res.statusCode ?? 0;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        log('warn', 'channel refused', { status: refusal, body: body.slice(0, 300) });
        ws.terminate();
      });
    });
    ws.on('open', () => {
      this.connected = true;
      this.attempt = 0;
      this.armSilence();
      log('info', 'channel open');
      this.send({ type: 'hello', agentVersion: AGENT_VERSION, platform: process.platform, ops: Object.keys(this.opts.handlers) });
    });
    ws.on('ping', () => this.armSilence());
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
        if (buf.length < 4) return;
        const id = buf.readUInt32BE(0);
        const payload = buf.subarray(4);
        this.streams.get(id)?.write(payload, () => this.handedOn(ws, id, payload.length));
        return;
      }
      let frame: { type?: string; id?: string; op?: string; params?: Record<string, unknown>; timeoutMs?: number; stream?: number; kind?: string; reason?: string };
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (typeof frame.stream === 'number' && frame.type?.startsWith('stream.')) this.onStreamFrame(ws, frame as Record<string, unknown> & { type: string; stream: number });
      else if (frame.type === 'wake') this.opts.onWake();
      else if (frame.type === 'request' && typeof frame.id === 'string') void this.answer(frame.id, String(frame.op), frame.params ?? {}, frame.timeoutMs);
    });
    ws.on('error', (error) => {
      if (refusal === null) log('warn', 'channel error', { error: error.message });
    });
    ws.on('close', () => {
      this.connected = false;
      // Streams live on one connection: a terminal or tunnel does not outlive it.
      for (const [id, stream] of this.streams) {
        this.streams.delete(id);
        stream?.close('channel closed');
      }
      this.flows.clear();
      if (this.silenceTimer) clearTimeout(this.silenceTimer);
      if (this.ws === ws) this.ws = null;
      if (this.stopped) return;
      // A refused credential (revoked, offboarding partner) is not a network blip: wait the
      // longest; the heartbeat loop is what stops the agent on a revoked credential.
      const delay = refusal === 401 || refusal === 403 ? (this.opts.maxDelayMs ?? 60_000) : reconnectDelay(this.attempt++, this.opts.baseDelayMs ?? 1000, this.opts.maxDelayMs ?? 60_000);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  private armSilence(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.ws?.terminate(), SILENCE_MS);
  }

  private send(frame: Record<string, unknown>): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private onStreamFrame(ws: WebSocket, frame: Record<string, unknown> & { type: string; stream: number }): void {
    const id = frame.stream;
    if (frame.type === 'stream.open') {
      const opener = this.opts.streams && Object.prototype.hasOwnProperty.call(this.opts.streams, String(frame.kind)) ? this.opts.streams[String(frame.kind)] : undefined;
      const refuse = (code: string, message: string) => this.send({ type: 'stream.close', stream: id, reason: message, error: { code, message } });
      if (!opener) return refuse('UNSUPPORTED_OPERATION', `This agent (${AGENT_VERSION}) does not open "${String(frame.kind)}" streams`);
      if (this.streams.has(id)) return refuse('INVALID_REQUEST', 'stream id in use');
      this.streams.set(id, null);
      // A server that announces a window counts credits; an older one does not.
      const window = Number(frame.window);
      const flow: Flow = { credit: Number.isInteger(window) && window > 0 ? window : Infinity, paused: false, owed: 0 };
      this.flows.set(id, flow);
      const peer: StreamPeer = {
        send: (chunk) => {
          if (this.ws !== ws || !this.streams.has(id) || ws.readyState !== WebSocket.OPEN) return;
          const header = Buffer.alloc(4);
          header.writeUInt32BE(id, 0);
          ws.send(Buffer.concat([header, chunk]), { binary: true });
          flow.credit -= chunk.length;
          // Out of credit: the source stops until the server hands the bytes on and says so.
          if (flow.credit <= 0 && !flow.paused) {
            flow.paused = true;
            this.streams.get(id)?.pause?.();
          }
        },
        close: (reason) => {
          this.flows.delete(id);
          if (!this.streams.delete(id)) return;
          if (this.ws === ws) this.send({ type: 'stream.close', stream: id, reason });
        },
      };
      opener((frame.params ?? {}) as Record<string, unknown>, peer).then(
        (stream) => {
          // Closed by the server (or the stream ended itself) while it was opening.
          if (!this.streams.has(id) || this.streams.get(id) !== null) return stream.close('closed while opening');
          this.streams.set(id, stream);
          // A source that already used up its credit while the stream was opening.
          if (flow.paused) stream.pause?.();
          this.send({ type: 'stream.opened', stream: id, window: STREAM_WINDOW });
        },
        (error: unknown) => {
          this.streams.delete(id);
          this.flows.delete(id);
          refuse(error instanceof ToolError ? error.code : 'AGENT_OPERATION_FAILED', error instanceof Error ? error.message : String(error));
        },
      );
      return;
    }
    const stream = this.streams.get(id);
    if (frame.type === 'stream.window') {
      const flow = this.flows.get(id);
      const bytes = Number(frame.bytes);
      if (!flow || !Number.isInteger(bytes) || bytes <= 0) return;
      flow.credit += bytes;
      if (flow.paused && flow.credit > 0) {
        flow.paused = false;
        stream?.resume?.();
      }
      return;
    }
    if (frame.type === 'stream.close') {
      this.streams.delete(id);
      this.flows.delete(id);
      stream?.close(typeof frame.reason === 'string' ? frame.reason : 'closed by the server');
      return;
    }
    stream?.control?.(frame);
  }

  /** `bytes` of the server's were handed on: give them back as credit, a quarter window at a time. */
  private handedOn(ws: WebSocket, id: number, bytes: number): void {
    const flow = this.flows.get(id);
    if (!flow || this.ws !== ws) return;
    flow.owed += bytes;
    if (flow.owed < STREAM_WINDOW / 4) return;
    this.send({ type: 'stream.window', stream: id, bytes: flow.owed });
    flow.owed = 0;
  }

  private async answer(id: string, op: string, params: Record<string, unknown>, timeoutMs?: number): Promise<void> {
    const handler = Object.prototype.hasOwnProperty.call(this.opts.handlers, op) ? this.opts.handlers[op] : undefined;
    if (!handler) {
      this.send({ type: 'response', id, ok: false, error: { code: 'UNSUPPORTED_OPERATION', message: `This agent (${AGENT_VERSION}) does not know "${op}"` } });
      return;
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    // Work the server gave up on is stopped too.
    const timer = setTimeout(() => controller.abort(), Math.max(1000, Number(timeoutMs) || 60_000));
    try {
      const result = await handler(params, controller.signal);
      this.send({ type: 'response', id, ok: true, result: result ?? null });
    } catch (error) {
      const code = error instanceof ToolError ? error.code : 'AGENT_OPERATION_FAILED';
      const message = error instanceof Error ? error.message : String(error);
      this.send({ type: 'response', id, ok: false, error: { code, message } });
    } finally {
      clearTimeout(timer);
      this.running.delete(id);
    }
  }
}
