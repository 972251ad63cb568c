// Load process for scenario 2: `--readers` concurrent clients each page through GET /devices in
// cursor mode (pages of `--limit`) from the first page to the last, again and again, until
// `--duration` is up. Prints one JSON report.
//
// The readers share the box with the server they measure, so they keep their own CPU small:
// every page is read to its last byte, its status and length checked and its cursor followed
// (read from the page's tail), but only one page in ten, and every last page of a walk, is
// parsed in full and checked (a page with a next cursor holds exactly `--limit` devices).
// Parsing every 400 KB page took the readers half a core, a quarter of the box, which remote
// clients would not take from the server.
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

const FULL_PARSE_EVERY = 10;
class BadPage extends Error {}
const TAIL = Buffer.from('],"nextCursor":');

/** The page's tail, `],"nextCursor":…,"limit":…}`, as a small object of its own; null when absent. */
function pageTail(body: Buffer): { nextCursor: string | null; limit: number } | null {
  const at = body.lastIndexOf(TAIL);
  return at < 0 ? null : (JSON.parse(`{${body.subarray(at + 2).toString('utf8')}`) as { nextCursor: string | null; limit: number });
}

function get(path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, agent, headers: { authorization: `Bearer ${values.token}`, accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const length = Number(res.headers['content-length'] ?? body.length);
        if (length !== body.length) reject(new Error(`short body: ${body.length} of ${length} bytes`));
        else resolve({ status: res.statusCode ?? 0, body });
      });
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
  let pagesRead = 0;
  const limit = Number(values.limit);
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
        const tail = pageTail(res.body);
        if (!tail || tail.limit !== limit) throw new BadPage();
        if (++pagesRead % FULL_PARSE_EVERY === 0 || !tail.nextCursor) {
          const page = JSON.parse(res.body.toString('utf8')) as { devices: { id: string }[]; nextCursor: string | null };
          if (page.nextCursor !== tail.nextCursor || (page.nextCursor && page.devices.length !== limit) || page.devices.some((d) => typeof d.id !== 'string')) {
            errors.badPage = (errors.badPage ?? 0) + 1;
          }
          devices += page.devices.length;
        } else devices += limit;
        if (tail.nextCursor) cursor = tail.nextCursor;
        else {
          cursor = '';
          walks++;
        }
      } catch (error) {
        const kind = error instanceof BadPage || error instanceof SyntaxError ? 'badPage' : 'network';
        errors[kind] = (errors[kind] ?? 0) + 1;
        cursor = '';
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
