// Scenario 0's server: answers `POST /api/v1/agents/:id/heartbeat` the way the app does on the
// wire (HTTP/1.1 keep-alive, the body read in full and parsed, a JSON answer of the same shape
// and size) while doing no work of its own: no authentication, no database. Driven by the same
// load generator on the same box, it gives the ceiling a heartbeat request can reach here.
// Prints `listening <port>` on stderr, then on SIGTERM one JSON report line on stdout.
import { createServer } from 'node:http';

const HEARTBEAT = /^\/api\/v1\/agents\/[^/?#]+\/heartbeat(?:\?.*)?$/;
const interval = Number(process.argv[2] ?? 60);
let served = 0;
let refused = 0;
const cpuStart = process.cpuUsage();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method !== 'POST' || !HEARTBEAT.test(req.url ?? '')) {
      refused++;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_FOUND","message":"Not found","details":[]}}');
      return;
    }
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      refused++;
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":"BAD_REQUEST","message":"Malformed JSON","details":[]}}');
      return;
    }
    served++;
    const body = JSON.stringify({ heartbeatIntervalSeconds: interval, mode: 'normal', commands: [], droppedFields: [], serverTime: new Date().toISOString() });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stderr.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});

process.on('SIGTERM', () => {
  const cpu = process.cpuUsage(cpuStart);
  process.stdout.write(`${JSON.stringify({ served, refused, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
  process.exit(0);
});
