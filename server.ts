// The HTTP server: Next.js behind a plain Node server that records each connection's peer
// address in a header the app can trust (Next passes client-sent X-Forwarded-For through
// unchanged, so it cannot tell who actually connected).
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { serveFastPath } from './server-fast-paths';
import { routeIndex } from './app/api/route-index.generated';
import { resolveDotSegments, unroutedAnswer } from './lib/http/not-found';
import { BASE_HEADERS } from './lib/http/node-adapter';
import { env } from './lib/env';
import { logger } from './lib/observability/logger';
import { publicBaseUrl } from './lib/public-url';
import { agentChannelHub } from './lib/agent-channel/hub';
import { mcpSseSessions } from './lib/mcp/sse-sessions';
import { handleRemoteUpgrade } from './lib/remote/terminal-gateway';
import { isTunnelHttpPath, serveTunnelHttp } from './lib/remote/tunnel-proxy';
import { handleTunnelUpgrade } from './lib/remote/tunnel-websocket';

const PEER_HEADER = 'x-rmm-peer-ip';

/** Answers an /api/v1 request no route serves (404/405 in the error envelope); false otherwise. */
async function serveUnrouted(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const answer = unroutedAnswer(routeIndex, req.method ?? 'GET', (req.url ?? '/').split('?')[0]);
  if (!answer) return false;
  const headers: Record<string, string> = { ...BASE_HEADERS };
  answer.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
  return true;
}

const dev = process.argv.includes('--dev');
const { PORT: port, HOST: hostname } = env();

async function main() {
  // The settings are checked before anything listens: a missing or invalid one (a secret under
  // 32 characters, a malformed URL) ends the process with the reason, rather than every request
  // failing on it later.
  env();
  // Next attaches its own `upgrade` listener to the server of the first request it handles
  // (or to `httpServer` when given), and in production that listener closes every socket it does
  // not serve, the agent channel's included, while the channel is still authenticating. Upgrades
  // are dispatched here instead (the hub below hands Next the ones that are not the channel's), so
  // Next's listener goes on an emitter that never fires.
  const app = next({ dev, dir: path.resolve(import.meta.dirname), hostname, port, httpServer: new EventEmitter() as Server });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    // `/api/v1/devices/../x` means `/api/v1/x` (as clients that resolve dot segments send it):
    // resolved once here so routing, Next and the handlers all see the same path.
    req.url = (req.url && resolveDotSegments(req.url)) ?? req.url;
    if (serveFastPath(req, res)) return;
    // HTTP tunnels stream through the agent channel, served here rather than by Next.
    if (isTunnelHttpPath(req.url)) return void serveTunnelHttp(req, res);
    void serveUnrouted(req, res)
      .catch(() => false)
      .then((served) => (served ? undefined : handle(req, res)));
  });
  server.keepAliveTimeout = 65_000;
  // Agents' live channels (GET /api/v1/agents/channel upgrades to a WebSocket), browsers'
  // terminals (/api/v1/remote/sessions/:id/terminal) and WebSockets of pages served through a
  // tunnel (/api/v1/tunnel-http/:id/…); any other upgrade (the dev server's hot reload) is Next's.
  const hub = agentChannelHub();
  const nextUpgrade = app.getUpgradeHandler();
  hub.attach(server, (req, socket, head) => handleRemoteUpgrade(req, socket, head) || handleTunnelUpgrade(req, socket, head) || void nextUpgrade(req, socket, head));
  await hub.start();
  server.listen(port, hostname, () => {
    logger.info({ publicBaseUrl: publicBaseUrl() }, `web listening on ${hostname}:${port}`);
  });
  // Idle keep-alive connections go at once; requests in flight get a few seconds to finish, then
  // whatever is still open (a long poll, a download) is cut so a stop never waits on a client.
  const stop = () => {
    void hub.stop();
    // MCP event streams end with the server; their session rows go now rather than at lease expiry.
    void mcpSseSessions().stop();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 3_000).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'web server failed to start');
  logger.flush();
  process.exit(1);
});
