// Load process for scenario 2: `--readers` concurrent clients each page through GET /devices in
// cursor mode (pages of `--limit`) from the first page to the last, again and again, until
// `--duration` is up. Prints one JSON report.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Histogram } from '../../agent/src/simulate';

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    token: { type: 'string' },
    readers: { type: 'string', default: '20' },
    limit: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
  },
});
const base = new URL(values.server!);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(values.readers) });

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, agent, headers: { authorization: `Bearer ${values.token}`, accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const hist = new Histogram();
  const errors: Record<string, number> = {};
  let devices = 0;
  let walks = 0;
  const started = Date.now();
  const deadline = started + Number(values.duration) * 1000;
  const reader = async () => {
    let cursor = '';
    while (Date.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await get(`/api/v1/devices?limit=${values.limit}&cursor=${encodeURIComponent(cursor)}`);
        hist.record(performance.now() - t0);
        if (res.status !== 200) {
          errors[res.status] = (errors[res.status] ?? 0) + 1;
          cursor = '';
          continue;
        }
        const page = JSON.parse(res.body) as { devices: unknown[]; nextCursor: string | null };
        devices += page.devices.length;
        if (page.nextCursor) cursor = page.nextCursor;
        else {
          cursor = '';
          walks++;
        }
      } catch {
        errors.network = (errors.network ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Number(values.readers) }, reader));
  agent.destroy();
  const seconds = (Date.now() - started) / 1000;
  console.log(JSON.stringify({
    pages: hist.count,
    pagesPerSecond: Math.round((hist.count / seconds) * 10) / 10,
    devicesPerSecond: Math.round(devices / seconds),
    completeWalks: walks,
    latencyMs: { p50: hist.percentile(50), p95: hist.percentile(95), p99: hist.percentile(99), max: Math.round(hist.max) },
    errors: { total: Object.values(errors).reduce((a, b) => a + b, 0), byKind: errors },
  }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
