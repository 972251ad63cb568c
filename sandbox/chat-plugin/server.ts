// Sandbox of a third-party plugin's backend: the "Chat notifications" plugin, and the chat
// service it posts into. It runs outside the service (npm run plugins:sandbox, or a child
// process in tests) and only speaks the service's public contract:
//
//   POST /setup  { apiBaseUrl, installationId, apiKey, webhookSecret }
//        The publisher's "connect" step: the credentials shown once at installation.
//   POST /events (a signed webhook delivery)
//        Checks X-Service-Signature (HMAC-SHA256 of "<timestamp>.<body>") and the age of
//        X-Service-Signature-Timestamp (epoch milliseconds), reads its configuration (GET /plugins/installations/:id), the alert and its device
//        (GET /alerts/:id, GET /devices/:id) with its API key, and posts a formatted message to
//        the chat endpoint below, before answering 200. A bad signature is 401.
//   POST /chat/channels/:channel/messages { text }   the chat service: stores the message
//   GET  /chat/messages                              every stored message, oldest first
//   GET  /                                           the plugin's page (messages as HTML)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ChatMessage {
  channel: string;
  text: string;
  at: string;
}

export interface ChatPluginSandbox {
  url: string;
  messages: ChatMessage[];
  /** Deliveries refused for a bad or missing signature. */
  rejected: number;
  close(): Promise<void>;
}

interface Connection {
  apiBaseUrl: string;
  installationId: string;
  apiKey: string;
  webhookSecret: string;
}

const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'];
const ICONS: Record<string, string> = { critical: '🔴', high: '🟠', medium: '🟡', low: '🔵', info: '⚪' };
/** Deliveries signed longer ago than this are refused (replays). */
const MAX_AGE_MS = 5 * 60_000;

function validSignature(secret: string, timestamp: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startChatPluginSandbox(opts: { host?: string; port?: number } = {}): Promise<ChatPluginSandbox> {
  const host = opts.host ?? '127.0.0.1';
  const messages: ChatMessage[] = [];
  const state = { rejected: 0, connection: null as Connection | null, url: '' };
  const sockets = new Set<Socket>();

  async function api<T>(path: string): Promise<T> {
    const c = state.connection!;
    const res = await fetch(`${c.apiBaseUrl.replace(/\/+$/, '')}${path}`, { headers: { 'x-api-key': c.apiKey } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function handleEvent(event: { type: string; data: Record<string, unknown> }): Promise<void> {
    const c = state.connection!;
    const { config } = await api<{ config: { channel: string; minimumSeverity?: string; mention?: string; includeResolved?: boolean } }>(`/plugins/installations/${c.installationId}`);
    if (event.type === 'alert.resolved' && config.includeResolved === false) return;
    const alertId = String(event.data.alertId ?? '');
    const alert = await api<{ title: string; severity: string; status: string; deviceId: string | null }>(`/alerts/${alertId}`);
    if (SEVERITIES.indexOf(alert.severity) < SEVERITIES.indexOf(config.minimumSeverity ?? 'info')) return;
    let where = '';
    if (alert.deviceId) {
      const device = await api<{ hostname: string; displayName: string | null; osType: string | null }>(`/devices/${alert.deviceId}`);
      where = ` on ${device.displayName || device.hostname}${device.osType ? ` (${device.osType})` : ''}`;
    }
    const head = event.type === 'alert.resolved' ? '✅ Resolved' : `${ICONS[alert.severity] ?? ''} [${alert.severity.toUpperCase()}]`.trim();
    const mention = alert.severity === 'critical' && config.mention ? `${config.mention} ` : '';
    // Posted through the chat service's own HTTP endpoint, as a real plugin posts to Slack or Teams.
    const res = await fetch(`${state.url}/chat/channels/${encodeURIComponent(config.channel)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${mention}${head} ${alert.title}${where}` }),
    });
    if (!res.ok) throw new Error(`chat post: ${res.status}`);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const send = (status: number, body?: unknown, type = 'application/json') =>
      void res.writeHead(status, { 'content-type': type }).end(body === undefined ? '' : type === 'application/json' ? JSON.stringify(body) : String(body));
    const body = await readBody(req);

    if (req.method === 'POST' && url.pathname === '/setup') {
      const c = JSON.parse(body || '{}') as Partial<Connection>;
      if (!c.apiBaseUrl || !c.installationId || !c.apiKey || !c.webhookSecret) return send(400, { error: 'apiBaseUrl, installationId, apiKey and webhookSecret are required' });
      state.connection = c as Connection;
      return send(204);
    }
    if (req.method === 'POST' && url.pathname === '/events') {
      const c = state.connection;
      const timestamp = String(req.headers['x-service-signature-timestamp'] ?? '');
      // Milliseconds since the epoch, as the service signs them.
      const fresh = /^\d+$/.test(timestamp) && Math.abs(Date.now() - Number(timestamp)) <= MAX_AGE_MS;
      if (!c || !fresh || !validSignature(c.webhookSecret, timestamp, body, req.headers['x-service-signature'] as string | undefined)) {
        state.rejected++;
        return send(401, { error: 'invalid signature' });
      }
      const event = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      if (event.type.startsWith('alert.')) await handleEvent(event);
      return send(200, { ok: true });
    }
    const post = /^\/chat\/channels\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method === 'POST' && post) {
      const { text } = JSON.parse(body || '{}') as { text?: string };
      if (!text) return send(400, { error: 'text is required' });
      messages.push({ channel: decodeURIComponent(post[1]), text, at: new Date().toISOString() });
      return send(201, messages.at(-1));
    }
    if (req.method === 'GET' && url.pathname === '/chat/messages') return send(200, { data: messages });
    if (req.method === 'GET' && url.pathname === '/') {
      const rows = messages.map((m) => `<li><b>${escapeHtml(m.channel)}</b> ${escapeHtml(m.text)} <small>${m.at}</small></li>`).join('');
      return send(200, `<!doctype html><title>Chat notifications</title><h1>Chat notifications</h1><p>${state.connection ? 'Connected' : 'Not connected: POST /setup'}</p><ul>${rows}</ul>`, 'text/html; charset=utf-8');
    }
    send(404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  state.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    messages,
    get rejected() {
      return state.rejected;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
