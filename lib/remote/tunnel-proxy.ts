// ALL /api/v1/tunnel-http/:tunnelId/* — the reverse proxy of an HTTP tunnel, served by the Node
// server itself (streams both ways, no buffering). Each request opens a `tcp` stream to the
// target through the device's agent (wherever its channel is held) and speaks HTTP/1.1 over it
// with `connection: close`. Authentication is the tunnel's signed credential only: the token in
// the path under /api/v1/tunnel-http/:tunnelId/~cap/<token>/ (what browsers that block
// third-party cookies need, the proxied page being a sandboxed opaque origin), or the same value
// as a cookie scoped to the tunnel's path. A bearer token is neither accepted nor forwarded, and
// neither the path token nor the console's own cookies (rmm_*) ever reach the device. Redirects
// and cookie paths the device sets are rewritten to stay under the prefix the browser used. A
// ticket (?rmm_ticket=…, POST /tunnels/:id/http-ticket) is redeemed once for the cookie and the
// token, then the browser is redirected under the token's prefix without it.
// WebSocket upgrades on a tunnel's path: tunnel-websocket.ts, with the same checks.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import { db } from '@/lib/db';
import type { RemoteTunnel } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { agentChannelHub, type StreamHandle } from '@/lib/agent-channel/hub';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { publicBaseUrl } from '@/lib/public-url';
import { redeemTicket } from '@/lib/remote/tickets';
import {
  TUNNEL_CAPABILITY_SEGMENT,
  TUNNEL_COOKIE,
  TUNNEL_COOKIE_SECONDS,
  tunnelCapabilityPrefix,
  tunnelCapabilityToken,
  tunnelCookieValue,
  tunnelPrefix,
  verifyTunnelCookie,
  verifyTunnelToken,
} from '@/lib/remote/tunnels';

const PATH = /^\/api\/v1\/tunnel-http\/([0-9a-fA-F-]{36})(\/.*)?$/;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'authorization', 'cookie']);
const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads';

export function isTunnelHttpPath(url: string | undefined): boolean {
  return !!url && PATH.test(url.split('?')[0]);
}

const CAPABILITY = new RegExp(`^/${TUNNEL_CAPABILITY_SEGMENT}/([^/]*)(/.*)?$`);

/** A tunnel-http path taken apart. */
export type TunnelPath = {
  /** Lower case. */
  tunnelId: string;
  /** The path token when the request came under /~cap/<token>/, else null (the cookie form). */
  token: string | null;
  /** The prefix the browser uses (the token's included): what redirects and cookie paths go under. */
  prefix: string;
  /** The path the device gets: under the prefix, empty for the bare prefix. */
  rest: string;
};

/** The tunnel, the path token if any, the browser's prefix and the device's path of a tunnel-http URL. */
export function tunnelPathOf(pathname: string): TunnelPath | null {
  const match = PATH.exec(pathname);
  if (!match) return null;
  const tunnelId = match[1].toLowerCase();
  const rest = match[2] ?? '';
  const capability = CAPABILITY.exec(rest);
  if (capability) return { tunnelId, token: capability[1], prefix: tunnelCapabilityPrefix(tunnelId, capability[1]), rest: capability[2] ?? '' };
  return { tunnelId, token: null, prefix: tunnelPrefix(tunnelId), rest };
}

function answer(res: ServerResponse, error: AppError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code: error.code, message: error.message, details: error.details ?? [] } });
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) }).end(body);
}

function readCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

/**
 * A Duplex over an agent byte stream, usable as the socket of an http.request. Flow control both
 * ways: a write the device has no room for completes when it has (onDrain), and the device's
 * bytes are released once the HTTP parser read them, so a slow client slows the device.
 */
export class TunnelSocket extends Duplex {
  handle: StreamHandle | null = null;
  private blockedWrite: (() => void) | null = null;
  private unread: (() => void)[] = [];
  _write(chunk: Buffer, _enc: BufferEncoding, cb: (error?: Error | null) => void): void {
    if (!this.handle || this.handle.write(chunk)) return cb();
    this.blockedWrite = () => cb();
  }
  drained(): void {
    const cb = this.blockedWrite;
    this.blockedWrite = null;
    cb?.();
  }
  received(chunk: Buffer, release: () => void): void {
    if (this.push(chunk)) release();
    else this.unread.push(release);
  }
  _read(): void {
    for (const release of this.unread.splice(0)) release();
  }
  _destroy(error: Error | null, cb: (error: Error | null) => void): void {
    this.handle?.close('request done');
    this.handle = null;
    cb(error);
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

const secureCookies = () => publicBaseUrl().startsWith('https:');

function cookieHeader(tunnelId: string, value: string, expires: Date): string {
  // With the sandbox, the proxied page has an opaque origin: its subresource requests carry the
  // cookie only when it is SameSite=None (which browsers require to be Secure; http://localhost
  // counts as secure for that).
  const sameSite = env().TUNNEL_HTTP_SANDBOX ? 'SameSite=None; Secure' : `SameSite=Lax${secureCookies() ? '; Secure' : ''}`;
  return `${TUNNEL_COOKIE}=${value}; Path=${tunnelPrefix(tunnelId)}/; HttpOnly; ${sameSite}; Max-Age=${TUNNEL_COOKIE_SECONDS}; Expires=${expires.toUTCString()}`;
}

/**
 * Location of a redirect the device sent, kept under the browser's prefix. A device that built it
 * from X-Forwarded-Prefix (the tunnel's path, never the token) is moved under the token's prefix.
 */
export function rewriteLocation(location: string, prefix: string, target: { host: string; port: number }, forwardedPrefix = prefix): string {
  if (location.startsWith('//')) return location;
  if (location === forwardedPrefix || location.startsWith(`${forwardedPrefix}/`) || location.startsWith(`${forwardedPrefix}?`)) return `${prefix}${location.slice(forwardedPrefix.length)}`;
  if (location.startsWith('/')) return `${prefix}${location}`;
  try {
    const url = new URL(location);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if ((host === target.host || host === 'localhost' || host === '127.0.0.1') && port === target.port) return `${prefix}${url.pathname}${url.search}${url.hash}`;
  } catch {
    /* relative: stays relative to the proxied path */
  }
  return location;
}

/** Set-Cookie of the device: its path moved under the tunnel's, its domain dropped. */
export function rewriteSetCookie(cookie: string, prefix: string): string {
  const parts = cookie.split(';').map((p) => p.trim());
  const kept = parts.filter((p, i) => i === 0 || !/^(domain|path)=/i.test(p));
  const path = parts.find((p) => /^path=/i.test(p))?.slice(5) || '/';
  return [...kept.slice(0, 1), `Path=${prefix}${path.startsWith('/') ? path : `/${path}`}`, ...kept.slice(1)].join('; ');
}

export type OpenTunnel = Pick<RemoteTunnel, 'id' | 'deviceId' | 'targetHost' | 'targetPort'>;

/**
 * The open tunnel a proxied request (or WebSocket upgrade) may use: its signed credential, the path
 * token under /~cap/ or else the cookie, must be this tunnel's and unexpired (401
 * TUNNEL_COOKIE_REQUIRED otherwise, bearer tokens never count), the tunnel open (404) and its
 * device still taking tunnels (409).
 */
export async function authorizeTunnelRequest(req: IncomingMessage, path: Pick<TunnelPath, 'tunnelId' | 'token'>): Promise<OpenTunnel> {
  const { tunnelId, token } = path;
  if (token !== null) {
    // Under a token's prefix the token alone decides: a cookie never stands in for a bad one.
    if (!verifyTunnelToken(tunnelId, token)) throw new AppError('TUNNEL_COOKIE_REQUIRED', 401, "This tunnel address's token is invalid, expired or another tunnel's: open the URL of a new ticket (POST /tunnels/:id/http-ticket)");
  } else if (!verifyTunnelCookie(tunnelId, readCookies(req.headers.cookie).get(TUNNEL_COOKIE))) {
    throw new AppError('TUNNEL_COOKIE_REQUIRED', 401, 'This tunnel needs its cookie: open the URL of a ticket (POST /tunnels/:id/http-ticket) first. Bearer tokens are not accepted here');
  }
  const tunnel = await db.remoteTunnel.findFirst({ where: { id: tunnelId, status: 'open' }, select: { id: true, deviceId: true, targetHost: true, targetPort: true } });
  if (!tunnel) throw new AppError('NOT_FOUND', 404, 'Tunnel not found or closed');
  const device = await db.device.findUnique({ where: { id: tunnel.deviceId }, select: { status: true } });
  if (!device || !acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, 'The device takes no tunnels');
  return tunnel;
}

/** A `tcp` stream to the tunnel's target through the device's agent, as a socket. */
export async function openTunnelSocket(tunnel: OpenTunnel): Promise<TunnelSocket> {
  const socket = new TunnelSocket();
  try {
    socket.handle = await agentChannelHub().openStream(
      tunnel.deviceId,
      'tcp',
      { host: tunnel.targetHost, port: tunnel.targetPort, scope: env().TUNNEL_ALLOWED_TARGETS },
      { onData: (chunk, release) => socket.received(chunk, release), onDrain: () => socket.drained(), onClose: () => socket.push(null) },
    );
  } catch (error) {
    // The agent's own refusals of a target are the target's trouble, not the caller's input.
    if (error instanceof AppError && error.code === 'AGENT_OPERATION_FAILED') {
      const agentCode = (error.details as { agentCode?: string } | undefined)?.agentCode;
      throw new AppError(agentCode === 'TARGET_NOT_ALLOWED' ? 'TUNNEL_TARGET_NOT_ALLOWED' : 'TUNNEL_TARGET_UNREACHABLE', 502, error.message, { agentCode });
    }
    throw error;
  }
  void db.remoteTunnel
    .updateMany({ where: { id: tunnel.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(Date.now() - 60_000) } }] }, data: { lastUsedAt: new Date() } })
    .catch(() => undefined);
  return socket;
}

/**
 * The browser's request headers as the target gets them: hop-by-hop ones, credentials and the
 * console's cookies dropped, and the path token taken out of any (a Referer under the token's
 * prefix is given the tunnel's plain prefix; a header still holding the token is dropped).
 */
export function forwardedHeaders(req: IncomingMessage, tunnel: OpenTunnel, path: Pick<TunnelPath, 'tunnelId' | 'token'>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const prefix = tunnelPrefix(path.tunnelId);
  const scrub = (v: string): string | null => {
    if (!path.token) return v;
    const out = v.split(`/${TUNNEL_CAPABILITY_SEGMENT}/${path.token}`).join('');
    return out.includes(path.token) ? null : out;
  };
  for (const [name, value] of Object.entries(req.headers as IncomingHttpHeaders)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name.startsWith('x-rmm-') || name.startsWith('proxy-')) continue;
    const values = [value].flat().map(scrub);
    if (values.some((v) => v === null)) continue;
    headers[name] = Array.isArray(value) ? (values as string[]) : values[0]!;
  }
  // The device's own cookies pass; the console's (rmm_*) never do.
  const deviceCookies = [...readCookies(req.headers.cookie)].filter(([name]) => !name.startsWith('rmm_')).map(([n, v]) => `${n}=${v}`);
  if (deviceCookies.length) headers.cookie = deviceCookies.join('; ');
  const hostHeader = tunnel.targetHost.includes(':') && !tunnel.targetHost.startsWith('[') ? `[${tunnel.targetHost}]` : tunnel.targetHost;
  headers.host = tunnel.targetPort === 80 ? hostHeader : `${hostHeader}:${tunnel.targetPort}`;
  headers['x-forwarded-prefix'] = prefix;
  return headers;
}

/**
 * The target's response headers as the browser gets them: redirects and cookie paths kept under
 * the browser's prefix; never cached by a shared cache nor stored (unless the device already said
 * no-store), and no Referer from the page, so the path token does not travel to other sites.
 */
export function returnedHeaders(headers: IncomingHttpHeaders, tunnel: OpenTunnel, path: Pick<TunnelPath, 'tunnelId' | 'prefix'>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const prefix = path.prefix;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (name === 'location' && typeof value === 'string') out.location = rewriteLocation(value, prefix, { host: tunnel.targetHost, port: tunnel.targetPort }, tunnelPrefix(path.tunnelId));
    else if (name === 'set-cookie') out['set-cookie'] = (Array.isArray(value) ? value : [value]).filter((c) => !c.trim().startsWith('rmm_')).map((c) => rewriteSetCookie(c, prefix));
    else out[name] = value;
  }
  // A second policy header is enforced alongside the device's own (both must allow).
  if (env().TUNNEL_HTTP_SANDBOX) out['content-security-policy'] = [SANDBOX, ...[out['content-security-policy'] ?? []].flat()];
  out['referrer-policy'] = 'no-referrer';
  if (!/(^|[\s,])no-store([\s,]|$)/i.test([out['cache-control'] ?? []].flat().join(','))) out['cache-control'] = 'private, no-store';
  out['x-rmm-tunnel'] = tunnel.id;
  return out;
}

/**
 * The sandboxed page is an opaque origin, so its own `fetch` to the tunnel is cross-origin
 * (`Origin: null`) and needs CORS. Under the token's prefix the token in the URL is the whole
 * credential, so letting `null` origins read the answer grants nothing beyond holding the URL; it
 * is never granted with credentials, and never on the cookie form (where any sandboxed document
 * anywhere would ride the browser's cookie). Null when the request is not such a call.
 */
function opaqueOriginCors(req: IncomingMessage, path: TunnelPath): Record<string, string> | null {
  if (path.token === null || req.headers.origin !== 'null') return null;
  return { 'access-control-allow-origin': 'null', vary: 'Origin' };
}

/** Serves a tunnel-http request (the caller checked isTunnelHttpPath). */
export async function serveTunnelHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await proxy(req, res);
  } catch (error) {
    const e = error instanceof AppError ? error : new AppError('TUNNEL_FAILED', 502, 'The tunnel failed');
    if (!(error instanceof AppError)) logger.warn({ err: error }, 'tunnel request failed');
    answer(res, e);
  }
}

async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = tunnelPathOf(url.pathname)!;
  const { tunnelId, rest, prefix } = path;
  if (!rest) {
    res.writeHead(308, { location: `${prefix}/${url.search}` }).end();
    return;
  }
  const ticket = url.searchParams.get('rmm_ticket');
  if (ticket !== null) {
    const redeemed = await redeemTicket(ticket, 'tunnel_http');
    if (!redeemed || redeemed.tunnelId !== tunnelId || !redeemed.userId) throw new AppError('INVALID_TICKET', 401, 'The tunnel ticket is unknown, was already used, or expired: mint a new one (POST /tunnels/:id/http-ticket)');
    const cookie = tunnelCookieValue(tunnelId, redeemed.userId);
    url.searchParams.delete('rmm_ticket');
    // The cookie for clients that keep to it; the browser goes on under the token's prefix.
    res
      .writeHead(303, {
        location: `${tunnelCapabilityPrefix(tunnelId, tunnelCapabilityToken(cookie.value))}${rest}${url.search}`,
        'set-cookie': cookieHeader(tunnelId, cookie.value, cookie.expires),
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      })
      .end();
    return;
  }
  const tunnel = await authorizeTunnelRequest(req, path);
  const cors = opaqueOriginCors(req, path);
  const preflightMethod = req.headers['access-control-request-method'];
  if (cors && req.method === 'OPTIONS' && preflightMethod) {
    // Answered here: device UIs know nothing of CORS, and the page's own calls are what is asked.
    const requestedHeaders = req.headers['access-control-request-headers'];
    res
      .writeHead(204, {
        ...cors,
        'access-control-allow-methods': preflightMethod,
        ...(requestedHeaders ? { 'access-control-allow-headers': requestedHeaders } : {}),
        'access-control-max-age': '600',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      })
      .end();
    return;
  }
  const socket = await openTunnelSocket(tunnel);
  const headers = forwardedHeaders(req, tunnel, path);
  headers.connection = 'close';

  await new Promise<void>((resolve, reject) => {
    const upstream = httpRequest({ method: req.method, path: `${rest}${url.search}`, headers, createConnection: () => socket as never }, (response) => {
      const out = returnedHeaders(response.headers, tunnel, path);
      if (cors) {
        for (const name of Object.keys(out)) if (name.startsWith('access-control-')) delete out[name];
        const vary = [out.vary ?? []].flat().join(', ');
        Object.assign(out, cors, { vary: vary ? `${vary}, Origin` : 'Origin' });
      }
      res.writeHead(response.statusCode ?? 502, out);
      response.pipe(res);
      response.on('end', resolve);
      response.on('error', reject);
    });
    upstream.on('error', (e) => reject(new AppError('TUNNEL_TARGET_UNREACHABLE', 502, `The target answered no HTTP: ${e.message}`)));
    res.on('close', () => {
      upstream.destroy();
      socket.destroy();
      resolve();
    });
    req.pipe(upstream);
  });
}
