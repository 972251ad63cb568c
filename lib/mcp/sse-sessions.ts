// MCP SSE sessions across web processes. A client holds its event stream (GET /api/v1/mcp/sse) on
// one process and posts messages (POST /api/v1/mcp/message?sessionId=…) that a load balancer may
// send to any other. Each session has a row in mcp_sse_sessions naming the process that holds
// its stream (with a lease refreshed while the process lives); a message posted elsewhere is
// relayed to the holder through PostgreSQL NOTIFY on the holder's own channel (payloads over the
// NOTIFY limit wait in mcp_relay_messages), the pattern of the agent channel's hub.
//
// The posting process authenticates the key (IP allowlist included) and checks that the session
// belongs to that same key; the holder re-authenticates the key it was opened with for every
// relayed message, so a key revoked mid-session stops at its next message. The key's secret
// stays in the holder's memory only.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { dbPool } from '@/lib/db';
import { env } from '@/lib/env';
import { notFound } from '@/lib/http/errors';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { logger } from '@/lib/observability/logger';
import { publicUrl } from '@/lib/public-url';
import type { ApiKeyContext } from '@/lib/auth/context';
import { authenticateApiKey } from '@/lib/api-keys/authenticate-api-key';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import type { McpRouteSource } from '@/lib/mcp/build-mcp-tools';
import { createMcpServer } from '@/lib/mcp/create-mcp-server';
import { SseStreamTransport } from '@/lib/mcp/sse-stream-transport';
import { MCP_PATHS } from '@/lib/mcp/server-info';

/** NOTIFY payloads are capped at 8000 bytes; larger messages go through mcp_relay_messages. */
const NOTIFY_INLINE_MAX = 7000;

interface Relayed {
  sessionId: string;
  message: JSONRPCMessage;
  ip: string | null;
  requestId: string;
}

interface LocalSession {
  id: string;
  apiKeyId: string;
  /** The secret the stream was opened with: relayed messages act with it. */
  apiKey: string;
  transport: SseStreamTransport;
  server: Server;
  keepAlive: NodeJS.Timeout;
}

export interface McpSseOptions {
  /** Session lease; refreshed every third of it. Default 60 s. */
  leaseSeconds?: number;
  /** Interval of the SSE keep-alive comment (proxies close idle streams). Default 25 s. */
  keepAliveSeconds?: number;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: the compression layer in front of Next must not buffer the stream.
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export class McpSseSessions {
  readonly processId = randomUUID();
  private readonly sessions = new Map<string, LocalSession>();
  private readonly leaseSeconds: number;
  private readonly keepAliveSeconds: number;
  private listener: pg.Client | null = null;
  private starting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(opts: McpSseOptions = {}) {
    this.leaseSeconds = opts.leaseSeconds ?? 60;
    this.keepAliveSeconds = opts.keepAliveSeconds ?? 25;
  }

  /** Sessions whose stream this process holds (tests, diagnostics). */
  localSessions(): string[] {
    return [...this.sessions.keys()];
  }

  /** Opens a session for the caller and answers its event stream; the first event names where to post. */
  async open(ctx: ApiKeyContext, apiKey: string, routes: readonly McpRouteSource[]): Promise<Response> {
    decideSelf(ctx, 'an MCP session of the caller’s own API key');
    // Relayed messages can arrive as soon as the client knows the session: listen first.
    await this.start();
    const id = randomUUID();
    await dbPool().query(
      'insert into mcp_sse_sessions (id, api_key_id, partner_id, process_id, lease_expires_at) values ($1, $2, $3, $4, now() + make_interval(secs => $5))',
      [id, ctx.apiKeyId, ctx.partnerId, this.processId, this.leaseSeconds],
    );
    const stream = new ReadableStream<Uint8Array>({
      start: async (controller) => {
        const transport = new SseStreamTransport(id, controller);
        const server = createMcpServer(routes);
        const keepAlive = setInterval(() => transport.write(': keep-alive\n\n'), this.keepAliveSeconds * 1000).unref();
        this.sessions.set(id, { id, apiKeyId: ctx.apiKeyId, apiKey, transport, server, keepAlive });
        transport.onclose = () => void this.drop(id);
        await server.connect(transport);
        // Relative to the stream's own URL, so it holds behind a path prefix too.
        transport.write(`event: endpoint\ndata: ${MCP_PATHS.message.split('/').pop()}?sessionId=${id}\n\n`);
      },
      // The client went away: Next cancels the stream it was piping to the socket.
      cancel: () => this.drop(id),
    });
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  }

  /**
   * Hands a posted message to its session, here or on the process holding the stream. 404 when
   * the session does not exist, has ended, or belongs to another key.
   */
  async deliver(ctx: ApiKeyContext, apiKey: string, sessionId: string, message: JSONRPCMessage): Promise<void> {
    decideSelf(ctx, 'an MCP session of the caller’s own API key');
    const { rows } = await dbPool().query<{ process_id: string; api_key_id: string }>(
      'select process_id, api_key_id from mcp_sse_sessions where id = $1 and lease_expires_at > now()',
      [sessionId],
    );
    const row = rows[0];
    if (!row || row.api_key_id !== ctx.apiKeyId) throw notFound('MCP session');
    const local = this.sessions.get(sessionId);
    if (local) {
      local.transport.receive(message, { ctx, caller: { apiKey, ip: ctx.ip, requestId: ctx.requestId } });
      return;
    }
    await this.relay(row.process_id, { sessionId, message, ip: ctx.ip, requestId: ctx.requestId });
  }

  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.connectListener();
      this.timer = setInterval(() => void this.refreshLeases(), (this.leaseSeconds * 1000) / 3).unref();
    })().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([...this.sessions.keys()].map((id) => this.drop(id)));
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private async drop(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    clearInterval(session.keepAlive);
    await session.server.close().catch(() => undefined);
    await dbPool()
      .query('delete from mcp_sse_sessions where id = $1', [id])
      .catch((error: unknown) => logger.warn({ err: error }, 'could not remove an MCP session'));
  }

  // ---- the relay between web processes ------------------------------------------------------

  private async relay(processId: string, message: Relayed): Promise<void> {
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > NOTIFY_INLINE_MAX) {
      const { rows } = await dbPool().query<{ id: string }>('insert into mcp_relay_messages (id, payload) values (gen_random_uuid(), $1) returning id', [payload]);
      payload = JSON.stringify({ ref: rows[0].id });
    }
    await dbPool().query('select pg_notify($1, $2)', [channelOf(processId), payload]);
  }

  private async onRelay(payload: string): Promise<void> {
    let relayed = JSON.parse(payload) as Relayed | { ref: string };
    if ('ref' in relayed) {
      const { rows } = await dbPool().query<{ payload: string }>('delete from mcp_relay_messages where id = $1 returning payload', [relayed.ref]);
      if (!rows[0]) return;
      relayed = JSON.parse(rows[0].payload) as Relayed;
    }
    const session = this.sessions.get(relayed.sessionId);
    if (!session) return;
    const req = new Request(publicUrl(MCP_PATHS.message), { headers: { 'x-api-key': session.apiKey, [PEER_HEADER]: relayed.ip ?? '' } });
    let ctx: ApiKeyContext;
    try {
      ctx = await authenticateApiKey(req, { requestId: relayed.requestId, ip: relayed.ip });
    } catch (error) {
      const m = relayed.message as { id?: string | number; method?: string };
      if (m.id !== undefined && m.method) {
        await session.transport.send({ jsonrpc: '2.0', id: m.id, error: { code: -32001, message: (error as Error).message || 'Not authenticated' } });
      }
      return;
    }
    session.transport.receive(relayed.message, { ctx, caller: { apiKey: session.apiKey, ip: relayed.ip, requestId: relayed.requestId } });
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: env().DATABASE_URL, application_name: 'rmm-mcp-sse' });
    client.on('notification', (msg) => {
      if (msg.payload) void this.onRelay(msg.payload).catch((error: unknown) => logger.warn({ err: error }, 'MCP relay failed'));
    });
    client.on('error', (err) => logger.warn({ err: { message: err.message } }, 'MCP relay LISTEN connection lost'));
    client.on('end', () => {
      if (this.listener !== client) return;
      this.listener = null;
      if (!this.stopped) setTimeout(() => void this.connectListener().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${channelOf(this.processId)}`);
    this.listener = client;
  }

  /**
   * Extends the lease of the sessions this process holds, ends those whose key was revoked or
   * expired since they opened, and drops what dead processes left behind. Without a LISTEN
   * connection relayed messages cannot arrive, so the leases are left to run out.
   */
  private async refreshLeases(): Promise<void> {
    if (!this.listener || this.stopped) return;
    try {
      const ids = [...this.sessions.keys()];
      if (ids.length) {
        await dbPool().query('update mcp_sse_sessions set lease_expires_at = now() + make_interval(secs => $2) where id = any($1::uuid[])', [ids, this.leaseSeconds]);
        const { rows } = await dbPool().query<{ id: string }>(
          `select s.id from mcp_sse_sessions s join api_keys k on k.id = s.api_key_id
           where s.id = any($1::uuid[]) and (k.revoked_at is not null or k.expires_at <= now())`,
          [ids],
        );
        for (const { id } of rows) await this.drop(id);
      }
      await dbPool().query("delete from mcp_sse_sessions where lease_expires_at < now() - interval '1 hour'");
      await dbPool().query("delete from mcp_relay_messages where created_at < now() - interval '5 minutes'");
    } catch (error) {
      logger.warn({ err: error }, 'MCP session lease refresh failed');
    }
  }
}

function channelOf(processId: string): string {
  return `mcp_sse_${processId.replace(/-/g, '')}`;
}

const globalForSessions = globalThis as unknown as { __rmmMcpSseSessions?: McpSseSessions };

/**
 * This process's MCP session registry (route handlers are bundled separately by Next, hence the
 * global: every route module reaches the same instance).
 */
export function mcpSseSessions(): McpSseSessions {
  globalForSessions.__rmmMcpSseSessions ??= new McpSseSessions();
  return globalForSessions.__rmmMcpSseSessions;
}
