// Load process for scenario 3: the webhook destination. Verifies every delivery's signature
// (HMAC-SHA256 of "timestamp.body" with the shared secret, constant-time compare), counts
// deliveries delivered twice (same X-Service-Delivery-Id) and events seen twice per webhook,
// and measures event → delivered from the payload's timestamp. GET /__stats on the same port
// reports, POST /__reset starts the counts afresh (one offered rate after another); SIGTERM
// prints the final report and exits.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Histogram } from '../../agent/src/simulate';

const { values } = parseArgs({ options: { host: { type: 'string', default: '127.0.0.1' }, secret: { type: 'string' } } });
const secret = values.secret!;
let latency = new Histogram();
const deliveries = new Set<string>();
const events = new Set<string>();
let received = 0;
let badSignatures = 0;
let duplicateDeliveries = 0;
let duplicateEvents = 0;
let firstAt = 0;
let lastAt = 0;

function verify(signature: string | undefined, timestamp: string | undefined, body: string): boolean {
  if (!signature || !timestamp) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function stats() {
  return {
    received,
    badSignatures,
    duplicateDeliveries,
    duplicateEvents,
    firstAt,
    lastAt,
    latencyMs: { p50: latency.percentile(50), p95: latency.percentile(95), p99: latency.percentile(99), max: Math.round(latency.max) },
  };
}

const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/__reset') {
    latency = new Histogram();
    deliveries.clear();
    events.clear();
    received = badSignatures = duplicateDeliveries = duplicateEvents = firstAt = lastAt = 0;
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'GET' && req.url === '/__stats') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats()));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    received++;
    firstAt ||= now;
    lastAt = now;
    if (!verify(req.headers['x-service-signature'] as string, req.headers['x-service-signature-timestamp'] as string, body)) {
      badSignatures++;
      res.writeHead(401).end();
      return;
    }
    const deliveryId = String(req.headers['x-service-delivery-id']);
    if (deliveries.has(deliveryId)) duplicateDeliveries++;
    deliveries.add(deliveryId);
    const payload = JSON.parse(body) as { id: string; timestamp: string };
    const eventKey = `${req.url}|${payload.id}`;
    if (events.has(eventKey)) duplicateEvents++;
    events.add(eventKey);
    latency.record(now - Date.parse(payload.timestamp));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, values.host, () => {
  const { port } = server.address() as AddressInfo;
  process.stderr.write(`listening ${port}\n`);
});
process.on('SIGTERM', () => {
  console.log(JSON.stringify(stats()));
  server.close();
  process.exit(0);
});
