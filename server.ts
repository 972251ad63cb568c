// The HTTP server: Next.js behind a plain Node server that records each connection's peer
// address in a header the app can trust (Next passes client-sent X-Forwarded-For through
// unchanged, so it cannot tell who actually connected).
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { serveFastPath } from './server-fast-paths';

const PEER_HEADER = 'x-rmm-peer-ip';
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '0.0.0.0';

async function main() {
  const app = next({ dev, dir: path.resolve(import.meta.dirname), hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    if (serveFastPath(req, res)) return;
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    console.log(JSON.stringify({ level: 30, msg: `web listening on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}` }));
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
