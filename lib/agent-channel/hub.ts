// The live agent channel, server side. Each web process runs one hub: it accepts the agents'
// WebSockets on GET /api/v1/agents/channel (the upgrade handled by the custom Node server) and
// puts together
// - presence (presence.ts): which process holds which device, with a lease;
// - request/response (requests.ts) and byte streams (streams.ts), sent directly to a device this
//   process holds and relayed to the holder otherwise;
// - the relay between web processes (relay.ts): each process receives on its own address the
//   requests other processes relay to the devices it holds and the answers to the ones it relayed,
//   and wakes (a command was queued for a device: wake its agent so it claims it now).
// Nothing assumes a single process. Frame format: docs/AGENT-CHANNEL.md.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { authenticateAgent } from '@/lib/agents/authenticate-agent';
import type { AgentContext } from '@/lib/auth/context';
import { MAX_FRAME_BYTES, send, type Connection, type RelayMessage, type StreamHandle, type StreamHandlers } from '@/lib/agent-channel/protocol';
import { Presence } from '@/lib/agent-channel/presence';
import { Requests } from '@/lib/agent-channel/requests';
import { Streams } from '@/lib/agent-channel/streams';
import { PgRelay, type ChannelRelay } from '@/lib/agent-channel/relay';
import { RedisRelay } from '@/lib/agent-channel/redis-relay';
import { env } from '@/lib/env';

export { agentError, agentOffline, agentTimeout, type AgentErrorBody, type StreamHandle, type StreamHandlers } from '@/lib/agent-channel/protocol';

export const CHANNEL_PATH = '/api/v1/agents/channel';

export interface HubOptions {
  /** Presence lease; refreshed every third of it. Default 60 s. */
  leaseSeconds?: number;
  /** Interval of the WebSocket ping (a connection that missed one pong is dropped). Default 25 s. */
  pingSeconds?: number;
  /** The relay between web processes; default: Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY otherwise. */
  relay?: ChannelRelay;
}

export class AgentChannelHub {
  readonly processId = randomUUID();
  readonly relay: ChannelRelay;
  private readonly presence: Presence;
  private readonly requests: Requests;
  private readonly streams: Streams;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  private readonly pingSeconds: number;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private readonly appListeners = new Map<string, (data: unknown) => void>();

  constructor(opts: HubOptions = {}) {
    this.pingSeconds = opts.pingSeconds ?? 25;
    this.relay = opts.relay ?? defaultRelay();
    this.presence = new Presence(this.processId, opts.leaseSeconds ?? 60);
    const deps = { processId: this.processId, presence: this.presence, relay: this.relay, start: () => this.start() };
    this.requests = new Requests(deps);
    this.streams = new Streams(deps);
  }

  /** Starts receiving relayed messages and the lease, ping and sweep timers (idempotent). */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.relay.start(this.processId, {
        onMessage: (message) => this.onRelay(message),
        onWake: (deviceId) => this.wake(deviceId),
        onReconnected: () => void this.refreshLeases(),
      });
      this.timers.push(
        setInterval(() => void this.refreshLeases(), (this.presence.leaseSeconds * 1000) / 3).unref(),
        setInterval(() => this.presence.ping(), this.pingSeconds * 1000).unref(),
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

  /** Bytes this process holds of every byte stream for readers that have not taken them yet (for tests and diagnostics). */
  streamBufferedBytes(): number {
    return this.streams.bufferedBytes();
  }

  /** Devices whose channel this process holds (for tests and diagnostics). */
  localDevices(): string[] {
    return this.presence.devices();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.presence.connections.values()) {
      this.streams.endAll(c, 'the server is stopping');
      c.ws.close(1001, 'server stopping');
    }
    this.requests.failWaiting('The server is stopping');
    await this.presence.clear();
    await this.relay.stop();
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
    const previous = this.presence.add(conn);
    if (previous) previous.ws.close(4000, 'replaced by a newer connection');
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (data: RawData, isBinary: boolean) => this.onAgentFrame(conn, data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => void this.onClose(conn));
    try {
      // The newest connection wins, whichever process held the device before.
      await this.presence.record(conn);
    } catch (error) {
      logger.warn({ err: error, deviceId: agent.deviceId }, 'agent channel presence not recorded');
      ws.close(1011, 'presence not recorded');
      return;
    }
    send(ws, { type: 'welcome', connectionId: conn.id });
    logger.debug({ deviceId: agent.deviceId, connectionId: conn.id }, 'agent channel open');
  }

  private async onClose(conn: Connection): Promise<void> {
    if (this.presence.remove(conn)) this.requests.failWaiting('The agent channel closed before the agent answered', conn.deviceId);
    this.streams.endAll(conn, 'the agent channel closed');
    await this.presence.erase(conn);
  }

  private onAgentFrame(conn: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.streams.onAgentData(conn, Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer));
      return;
    }
    let frame: { type?: unknown; id?: unknown; ok?: unknown; result?: unknown; error?: unknown; stream?: unknown; reason?: unknown };
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (frame.type === 'hello') conn.hello = frame as Record<string, unknown>;
    else if (typeof frame.type === 'string' && frame.type.startsWith('stream.')) this.streams.onAgentFrame(conn, frame);
    else if (frame.type === 'response') this.requests.onResponse(conn, frame);
  }

  // ---- the API's side -----------------------------------------------------------------------

  /**
   * Asks the device's agent to run `op` and answers its result. 409 AGENT_OFFLINE when no web
   * process holds a channel of the device, 504 AGENT_TIMEOUT when the agent does not answer in
   * time, the agent's own error otherwise (see agentError).
   */
  request<T = unknown>(deviceId: string, op: string, params: unknown, opts: { timeoutMs?: number } = {}): Promise<T> {
    return this.requests.request<T>(deviceId, op, params, opts);
  }

  /**
   * Opens a byte stream of `kind` (`pty`, `tcp`) on the device's agent, directly or through the
   * process holding its channel. Resolves once the agent opened it; 409 AGENT_OFFLINE, 504
   * AGENT_TIMEOUT or the agent's refusal (agentError) otherwise.
   */
  openStream(deviceId: string, kind: string, params: Record<string, unknown>, handlers: StreamHandlers, opts: { timeoutMs?: number } = {}): Promise<StreamHandle> {
    return this.streams.open(deviceId, kind, params, handlers, opts);
  }

  /**
   * Sends `data` to the listener of `topic` in web process `processId` (through the relay);
   * delivered at most once, to nobody when that process is gone.
   */
  async sendToProcess(processId: string, topic: string, data: unknown): Promise<void> {
    if (processId === this.processId) {
      this.appListeners.get(topic)?.(data);
      return;
    }
    await this.relay.send(processId, { k: 'app', topic, data });
  }

  /** Registers this process's listener of `topic` for sendToProcess (one per topic). */
  onProcessMessage(topic: string, listener: (data: unknown) => void): void {
    this.appListeners.set(topic, listener);
  }

  // ---- the relay between web processes ------------------------------------------------------

  private onRelay(message: RelayMessage): void {
    if (message.k === 'app') this.appListeners.get(message.topic)?.(message.data);
    else if (message.k === 'req' || message.k === 'res') this.requests.onRelay(message);
    else if (message.k === 'sopen' || message.k === 'sopened' || message.k === 'swin' || message.k === 'sdata' || message.k === 'sctl' || message.k === 'sclose') this.streams.onRelay(message);
  }

  private wake(deviceId: string): void {
    const conn = this.presence.get(deviceId);
    if (conn) send(conn.ws, { type: 'wake', reason: 'command' });
  }

  /**
   * Extends this process's leases and closes channels no longer admitted (presence.ts), and drops
   * relayed messages nobody collected. A process that does not receive relayed messages cannot
   * answer relayed requests, so its leases are left to run out.
   */
  private async refreshLeases(): Promise<void> {
    if (!this.relay.receiving || this.stopped) return;
    await this.presence.refresh();
    await this.relay.sweep().catch((error: unknown) => logger.warn({ err: error }, 'agent channel relay sweep failed'));
  }
}

/** The relay this installation uses between its web processes. */
export function defaultRelay(): ChannelRelay {
  const url = env().REDIS_URL;
  return url ? new RedisRelay(url) : new PgRelay();
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
