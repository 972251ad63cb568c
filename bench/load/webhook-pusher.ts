// Load process for scenario 3's delivery ceiling: a bare Node client doing what a delivery
// does on the wire and nothing else. It signs a body of the same shape and size as a delivery
// (HMAC-SHA256 of "timestamp.body"), sends the same headers with keep-alive connections to the
// scenario's receiver (which verifies every signature), and keeps `--concurrency` requests in
// flight for `--seconds`. No database, no queue: the POSTs/s it reaches is what signed delivery
// requests can reach on this box at all, the fair ceiling for the worker's delivery path.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Histogram } from '../../agent/src/simulate';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '64' },
    hooks: { type: 'string', default: '10' },
  },
});
const base = new URL(values.url!);
const secret = values.secret!;
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const hooks = Number(values.hooks);
// One keep-alive pool per webhook path's destination, as the worker keeps (same bound).
const agents = Array.from({ length: hooks }, () => new http.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 8, scheduling: 'lifo' }));
const latency = new Histogram();
let sent = 0;
let failed = 0;

function post(i: number): Promise<void> {
  const hook = i % hooks;
  const timestamp = String(Date.now());
  const body = JSON.stringify({
    id: randomUUID(),
    type: 'device.updated',
    timestamp: new Date().toISOString(),
    orgId: randomUUID(),
    data: { deviceId: randomBytes(16).toString('hex'), changes: [{ field: 'hostname', from: 'a', to: `b${i}` }] },
  });
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1.0',
    'X-Service-Delivery-Id': randomUUID(),
    'X-Service-Delivery-Record-Id': randomUUID(),
    'X-Service-Event-Id': randomUUID(),
    'X-Service-Event-Type': 'device.updated',
    'X-Service-Timestamp': timestamp,
    'X-Service-Delivery-Attempt': '1',
    'X-Service-Signature': `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
    'X-Service-Signature-Timestamp': timestamp,
    'Content-Length': String(Buffer.byteLength(body)),
  };
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ hostname: base.hostname.replace(/^\[|\]$/g, ''), port: base.port, path: `/hook/ceiling-${hook}`, method: 'POST', headers, agent: agents[hook] }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) {
          sent++;
          latency.record(performance.now() - started);
        } else failed++;
        resolve();
      });
    });
    req.on('error', () => {
      failed++;
      resolve();
    });
    req.end(body);
  });
}

async function main() {
  const cpu0 = process.cpuUsage();
  const started = Date.now();
  const until = started + seconds * 1000;
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) await post(next++);
  }));
  const elapsed = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  for (const a of agents) a.destroy();
  console.log(JSON.stringify({
    sent,
    failed,
    perSecond: Math.round((sent / elapsed) * 10) / 10,
    latencyMs: { p50: latency.percentile(50), p95: latency.percentile(95), p99: latency.percentile(99) },
    cpuSeconds: Math.round(((cpu.user + cpu.system) / 1e6) * 100) / 100,
  }));
}

void main();
