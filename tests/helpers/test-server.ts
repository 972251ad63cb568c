// A real HTTP server on loopback that serves the /api/v1 routes in-process, for tests that need
// a network peer (the reference agent, webhook round trips) without building the Next.js app.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { call } from './http';
import type { AgentChannelHub } from '@/lib/agent-channel/hub';
import { handleRemoteUpgrade } from '@/lib/remote/terminal-gateway';
import { isTunnelHttpPath, serveTunnelHttp } from '@/lib/remote/tunnel-proxy';
import { handleTunnelUpgrade } from '@/lib/remote/tunnel-websocket';

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `hub`: also accept agents' live channels (WebSocket upgrades of /api/v1/agents/channel) on this
 * server, like the custom Node server does; the hub is stopped with the server.
 */
export async function startTestServer(opts: { hub?: AgentChannelHub } = {}): Promise<TestServer> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (isTunnelHttpPath(req.url)) return void (await serveTunnelHttp(req, res));
      if (!url.pathname.startsWith('/api/v1/')) {
        res.writeHead(404).end();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const result = await call(req.method ?? 'GET', `${url.pathname.slice('/api/v1'.length)}${url.search}`, {
        headers,
        rawBody: body && body.length ? new Uint8Array(body) : undefined,
        ip: req.socket.remoteAddress ?? null,
      });
      const out: Record<string, string> = {};
      result.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(result.status, out).end(Buffer.from(result.bytes));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  if (opts.hub) {
    opts.hub.attach(server, (req, socket, head) => handleRemoteUpgrade(req, socket, head) || handleTunnelUpgrade(req, socket, head) || socket.destroy());
    await opts.hub.start();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await opts.hub?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
