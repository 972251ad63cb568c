// Byte streams over the channel (terminals, tunnels): opened by the server on the device's agent,
// directly when this process holds its socket, through the relay to the holder otherwise. On the
// agent's socket a stream's bytes are binary frames (4 bytes stream id, then the payload); through
// the relay they are base64 in `sdata` messages, sent and handled one after another per stream.
import { randomUUID } from 'node:crypto';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { failureError, send, STREAM_BUFFER_CAP, STREAM_WINDOW, type Connection, type Failure, type LocalStream, type StreamHandle, type StreamHandlers, type StreamRelayMessage } from '@/lib/agent-channel/protocol';
import type { BrokerDeps } from '@/lib/agent-channel/requests';

/** Largest payload of one relayed data message. */
const RELAY_CHUNK = 48 * 1024;

interface RelayedOut {
  holder: string;
  handlers: StreamHandlers;
  settle?: (e: Failure | null) => void;
  timer?: NodeJS.Timeout;
  /** As in LocalStream: credit towards the agent, bytes not yet released, released not yet given back. */
  credit: number;
  unreleased: number;
  owed: number;
}

/** The holder's end of a stream another process opened: the opener's releases come back to it. */
interface InboundHandle extends StreamHandle {
  release(bytes: number): void;
}

/** A window announced by a peer: a positive integer, or none (a peer without flow control). */
function windowOf(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : Infinity;
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

export class Streams {
  /** Streams this process opened on a device held elsewhere (by relay id). */
  private readonly relayedOut = new Map<string, RelayedOut>();
  /** Streams other processes opened on devices this one holds (by relay id). */
  private readonly relayedIn = new Map<string, InboundHandle>();
  /** Per relay id, the chain that keeps one stream's messages in order. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly deps: BrokerDeps) {}

  /** Bytes of every stream this process holds for a reader that has not taken them yet. */
  bufferedBytes(): number {
    let total = 0;
    for (const conn of this.deps.presence.connections.values()) for (const stream of conn.streams.values()) total += stream.unreleased;
    for (const out of this.relayedOut.values()) total += out.unreleased;
    return total;
  }

  /** A binary frame from the agent of `conn`: 4 bytes stream id (big-endian), then the payload. */
  onAgentData(conn: Connection, buf: Buffer): void {
    if (buf.length < 4) return;
    const stream = conn.streams.get(buf.readUInt32BE(0));
    if (!stream?.opened) return;
    const bytes = buf.length - 4;
    stream.unreleased += bytes;
    if (stream.unreleased > STREAM_BUFFER_CAP) {
      send(conn.ws, { type: 'stream.close', stream: stream.id, reason: 'the agent sent past its flow-control window' });
      this.endLocal(conn, stream, 'the agent sent past its flow-control window', false);
      return;
    }
    stream.handlers.onData(
      buf.subarray(4),
      once(() => this.release(conn, stream, bytes)),
    );
  }

  /** The reader took `bytes` of the agent's: give them back as credit, a quarter window at a time. */
  private release(conn: Connection, stream: LocalStream, bytes: number): void {
    stream.unreleased = Math.max(0, stream.unreleased - bytes);
    stream.owed += bytes;
    if (stream.owed < STREAM_WINDOW / 4 || !conn.streams.has(stream.id)) return;
    send(conn.ws, { type: 'stream.window', stream: stream.id, bytes: stream.owed });
    stream.owed = 0;
  }

  /** A `stream.*` frame from the agent of `conn`. */
  onAgentFrame(conn: Connection, frame: { type?: unknown; stream?: unknown; reason?: unknown; error?: unknown }): void {
    const stream = typeof frame.stream === 'number' ? conn.streams.get(frame.stream) : undefined;
    if (!stream) return;
    if (frame.type === 'stream.window') {
      const bytes = Number((frame as { bytes?: unknown }).bytes);
      if (!stream.opened || !Number.isInteger(bytes) || bytes <= 0) return;
      const blocked = stream.credit <= 0;
      stream.credit += bytes;
      stream.onWindow?.(bytes);
      if (blocked && stream.credit > 0) stream.handlers.onDrain?.();
    } else if (frame.type === 'stream.opened' && !stream.opened) {
      stream.opened = true;
      stream.credit = windowOf((frame as { window?: unknown }).window);
      clearTimeout(stream.timer);
      stream.settle?.(null);
      stream.settle = undefined;
    } else if (frame.type === 'stream.close') {
      const error = frame.error as Failure['error'] | undefined;
      if (!stream.opened && stream.settle) {
        conn.streams.delete(stream.id);
        clearTimeout(stream.timer);
        stream.settle({ error: error ?? { code: 'AGENT_OPERATION_FAILED', message: typeof frame.reason === 'string' ? frame.reason : 'The agent refused the stream' } });
        stream.settle = undefined;
      } else this.endLocal(conn, stream, typeof frame.reason === 'string' ? frame.reason.slice(0, 500) : 'closed by the device', false);
    }
  }

  /** The channel of `conn` is gone (or the server is stopping): end its streams. */
  endAll(conn: Connection, reason: string): void {
    for (const stream of [...conn.streams.values()]) this.endLocal(conn, stream, reason, true);
  }

  /**
   * Opens a byte stream of `kind` (`pty`, `tcp`) on the device's agent, directly or through the
   * process holding its channel. Resolves once the agent opened it; 409 AGENT_OFFLINE, 504
   * AGENT_TIMEOUT or the agent's refusal (agentError) otherwise.
   */
  async open(deviceId: string, kind: string, params: Record<string, unknown>, handlers: StreamHandlers, opts: { timeoutMs?: number } = {}): Promise<StreamHandle> {
    const timeoutMs = opts.timeoutMs ?? env().AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS * 1000;
    const local = this.deps.presence.get(deviceId);
    if (local) {
      const { stream, done } = this.openLocal(local, kind, params, handlers, timeoutMs);
      const error = await done;
      if (error) throw failureError(error, timeoutMs);
      return this.localHandle(local, stream);
    }
    const holder = await this.deps.presence.holder(deviceId);
    if (!holder) throw failureError({ error: { code: 'AGENT_OFFLINE', message: '' }, offline: true }, timeoutMs);
    await this.deps.start();
    const sid = randomUUID();
    const entry: RelayedOut = { holder, handlers, credit: Infinity, unreleased: 0, owed: 0 };
    const error = await new Promise<Failure | null>((resolve) => {
      entry.settle = resolve;
      entry.timer = setTimeout(() => {
        this.relayedOut.delete(sid);
        this.relaySend(holder, { k: 'sclose', sid, reason: 'timeout' });
        resolve({ error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
      }, timeoutMs + 1000);
      this.relayedOut.set(sid, entry);
      this.relaySend(holder, { k: 'sopen', sid, from: this.deps.processId, deviceId, kind, params, timeoutMs });
    });
    if (error) throw failureError(error, timeoutMs);
    let closed = false;
    return {
      write: (chunk) => {
        if (closed) return false;
        for (let i = 0; i < chunk.length; i += RELAY_CHUNK) this.relaySend(holder, { k: 'sdata', sid, d: chunk.subarray(i, i + RELAY_CHUNK).toString('base64') });
        entry.credit -= chunk.length;
        return entry.credit > 0;
      },
      control: (frame) => !closed && this.relaySend(holder, { k: 'sctl', sid, frame }),
      close: (reason = 'closed') => {
        if (closed) return;
        closed = true;
        this.relayedOut.delete(sid);
        this.relaySend(holder, { k: 'sclose', sid, reason });
      },
    };
  }

  private openLocal(conn: Connection, kind: string, params: Record<string, unknown>, handlers: StreamHandlers, timeoutMs: number) {
    const id = conn.nextStream++ >>> 0;
    const stream: LocalStream = { id, deviceId: conn.deviceId, handlers, opened: false, credit: Infinity, unreleased: 0, owed: 0 };
    const done = new Promise<Failure | null>((resolve) => {
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
    send(conn.ws, { type: 'stream.open', stream: id, kind, params, window: STREAM_WINDOW });
    return { stream, done };
  }

  private localHandle(conn: Connection, stream: LocalStream): InboundHandle {
    return {
      write: (chunk) => {
        if (!conn.streams.has(stream.id) || conn.ws.readyState !== conn.ws.OPEN) return false;
        const header = Buffer.alloc(4);
        header.writeUInt32BE(stream.id, 0);
        conn.ws.send(Buffer.concat([header, chunk]), { binary: true });
        stream.credit -= chunk.length;
        return stream.credit > 0;
      },
      release: (bytes) => this.release(conn, stream, bytes),
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
  private endLocal(conn: Connection, stream: LocalStream, reason: string, offline: boolean): void {
    if (!conn.streams.delete(stream.id) && stream.opened) return;
    clearTimeout(stream.timer);
    if (!stream.opened) {
      stream.settle?.({ error: { code: offline ? 'AGENT_OFFLINE' : 'AGENT_OPERATION_FAILED', message: reason }, offline });
      stream.settle = undefined;
      return;
    }
    stream.handlers.onClose(reason);
  }

  /** The reader took `bytes` of a relayed stream: credit goes back to the holder, a quarter window at a time. */
  private releaseRelayed(sid: string, out: RelayedOut, bytes: number): void {
    out.unreleased = Math.max(0, out.unreleased - bytes);
    out.owed += bytes;
    if (out.owed < STREAM_WINDOW / 4 || this.relayedOut.get(sid) !== out) return;
    this.relaySend(out.holder, { k: 'swin', sid, bytes: out.owed });
    out.owed = 0;
  }

  /** Sends a stream's relay message after the ones sent before it. */
  private relaySend(processId: string, message: StreamRelayMessage): void {
    const prev = this.chains.get(message.sid) ?? Promise.resolve();
    const next = prev
      .then(() => this.deps.relay.send(processId, message))
      .catch((error: unknown) => logger.warn({ err: error, sid: message.sid }, 'agent channel stream relay lost'));
    this.chains.set(message.sid, next);
    if (message.k === 'sclose' || (message.k === 'sopened' && message.error)) void next.then(() => this.chains.get(message.sid) === next && this.chains.delete(message.sid));
  }

  /** A relayed stream message (in arrival order). */
  onRelay(message: StreamRelayMessage): void {
    if (message.k === 'sopen') {
      const { sid, from } = message;
      const conn = this.deps.presence.get(message.deviceId);
      if (!conn) return this.relaySend(from, { k: 'sopened', sid, error: { code: 'AGENT_OFFLINE', message: '' }, offline: true });
      // The agent's bytes are released when the opener says its reader took them (`swin`), so the
      // window spans the whole way to the reader, relay included.
      const handlers: StreamHandlers = {
        onData: (chunk) => {
          for (let i = 0; i < chunk.length; i += RELAY_CHUNK) this.relaySend(from, { k: 'sdata', sid, d: chunk.subarray(i, i + RELAY_CHUNK).toString('base64') });
        },
        onClose: (reason) => {
          this.relayedIn.delete(sid);
          this.relaySend(from, { k: 'sclose', sid, reason });
        },
      };
      const { stream, done } = this.openLocal(conn, message.kind, (message.params ?? {}) as Record<string, unknown>, handlers, Math.min(message.timeoutMs, 300_000));
      // The agent's credit grants go on to the opener, which counts them.
      stream.onWindow = (bytes) => this.relaySend(from, { k: 'swin', sid, bytes });
      // A stand-in handle until the agent answers, so a close that overtakes the opening is not lost.
      let cancelled: string | null = null;
      this.relayedIn.set(sid, { write: () => false, control: () => undefined, release: () => undefined, close: (reason = 'closed') => (cancelled = reason) });
      void done.then((error) => {
        if (error) {
          this.relayedIn.delete(sid);
          return this.relaySend(from, { k: 'sopened', sid, ...error });
        }
        const handle = this.localHandle(conn, stream);
        if (cancelled !== null) {
          this.relayedIn.delete(sid);
          return handle.close(cancelled);
        }
        this.relayedIn.set(sid, handle);
        this.relaySend(from, { k: 'sopened', sid, ...(Number.isFinite(stream.credit) ? { window: stream.credit } : {}) });
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
      } else {
        out.credit = windowOf(message.window);
        settle(null);
      }
      return;
    }
    if (message.k === 'swin') {
      const bytes = Number(message.bytes);
      if (!Number.isInteger(bytes) || bytes <= 0) return;
      const inbound = this.relayedIn.get(message.sid);
      if (inbound) return inbound.release(bytes);
      const out = this.relayedOut.get(message.sid);
      if (!out) return;
      const blocked = out.credit <= 0;
      out.credit += bytes;
      if (blocked && out.credit > 0) out.handlers.onDrain?.();
      return;
    }
    if (message.k === 'sdata') {
      const inbound = this.relayedIn.get(message.sid);
      if (inbound) {
        inbound.write(Buffer.from(message.d, 'base64'));
        return;
      }
      const out = this.relayedOut.get(message.sid);
      if (!out) return;
      const chunk = Buffer.from(message.d, 'base64');
      out.unreleased += chunk.length;
      if (out.unreleased > STREAM_BUFFER_CAP) {
        this.relayedOut.delete(message.sid);
        this.relaySend(out.holder, { k: 'sclose', sid: message.sid, reason: 'the agent sent past its flow-control window' });
        out.handlers.onClose('the agent sent past its flow-control window');
        return;
      }
      out.handlers.onData(
        chunk,
        once(() => this.releaseRelayed(message.sid, out, chunk.length)),
      );
      return;
    }
    if (message.k === 'sctl') {
      this.relayedIn.get(message.sid)?.control(message.frame);
      return;
    }
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
