// WebSockets through an HTTP tunnel: a page served under /api/v1/tunnel-http/:tunnelId/ that opens
// a WebSocket (the live views of many switch and NAS UIs) upgrades on the same path. The upgrade
// is authorized like any proxied request (the tunnel's own signed credential, the path token
// under /~cap/<token>/ or the cookie, nothing else), then
// forwarded to the target over a `tcp` stream through the device's agent; once the target
// answers 101 the two sockets are spliced, so the WebSocket's frames pass as bytes both ways with
// the stream's flow control (a slow browser pauses the target's socket, and the other way round).
// A target that refuses the upgrade has its answer passed back as is.
import { request as httpRequest, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { refuseUpgrade } from '@/lib/remote/upgrade-answer';
import { authorizeTunnelRequest, forwardedHeaders, openTunnelSocket, returnedHeaders, tunnelPathOf, type TunnelPath } from '@/lib/remote/tunnel-proxy';

/** An HTTP/1.1 response head, written on the browser's raw socket. */
function responseHead(status: number, message: string | undefined, headers: Record<string, string | string[]>): string {
  let head = `HTTP/1.1 ${status} ${message || STATUS_CODES[status] || ''}\r\n`;
  for (const [name, value] of Object.entries(headers)) for (const v of [value].flat()) head += `${name}: ${v}\r\n`;
  return `${head}\r\n`;
}

/** Joins two sockets both ways (pipe's backpressure on each); either one closing ends both. */
function splice(a: Duplex, b: Duplex): void {
  const end = () => {
    a.destroy();
    b.destroy();
  };
  for (const s of [a, b]) {
    s.on('error', end);
    s.on('close', end);
  }
  a.pipe(b);
  b.pipe(a);
}

/** Handles the upgrade when `req` is for a tunnel's path; false for other paths. */
export function handleTunnelUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const parts = tunnelPathOf(url.pathname);
  if (!parts) return false;
  socket.on('error', () => socket.destroy());
  // A ticket is redeemed by a page load, never by an upgrade, and its secret never reaches the
  // device; nor does the path token (the device gets the path under the prefix).
  url.searchParams.delete('rmm_ticket');
  void bridge(req, socket, head, parts, `${parts.rest || '/'}${url.search}`).catch((error: unknown) => {
    if (!(error instanceof AppError)) logger.warn({ err: error }, 'tunnel upgrade failed');
    refuseUpgrade(socket, error instanceof AppError ? error : new AppError('TUNNEL_FAILED', 502, 'The tunnel failed'));
  });
  return true;
}

/** Rejects (nothing written yet) when the upgrade cannot reach the target; resolves once the target answered. */
async function bridge(req: IncomingMessage, client: Duplex, head: Buffer, parts: TunnelPath, path: string): Promise<void> {
  const tunnel = await authorizeTunnelRequest(req, parts);
  const target = await openTunnelSocket(tunnel);
  if (client.destroyed) return void target.destroy();
  const headers = forwardedHeaders(req, tunnel, parts);
  headers.connection = 'Upgrade';
  headers.upgrade = req.headers.upgrade ?? 'websocket';
  await new Promise<void>((resolve, reject) => {
    const upstream = httpRequest({ method: req.method, path, headers, createConnection: () => target as never });
    upstream.on('upgrade', (response: IncomingMessage, upgraded: Duplex, upgradedHead: Buffer) => {
      const out = { ...returnedHeaders(response.headers, tunnel, parts), connection: 'Upgrade', upgrade: response.headers.upgrade ?? 'websocket' };
      client.write(responseHead(response.statusCode ?? 101, response.statusMessage, out));
      if (upgradedHead.length) client.write(upgradedHead);
      if (head.length) upgraded.write(head);
      splice(client, upgraded);
      resolve();
    });
    upstream.on('response', (response: IncomingMessage) => {
      client.write(responseHead(response.statusCode ?? 502, response.statusMessage, { ...returnedHeaders(response.headers, tunnel, parts), connection: 'close' }));
      response.pipe(client);
      response.on('error', () => client.destroy());
      resolve();
    });
    upstream.on('error', (e) => reject(new AppError('TUNNEL_TARGET_UNREACHABLE', 502, `The target answered no HTTP: ${e.message}`)));
    client.on('close', () => {
      upstream.destroy();
      target.destroy();
      resolve();
    });
    upstream.end();
  });
}
