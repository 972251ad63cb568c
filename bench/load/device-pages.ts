// Load process for scenario 2, in one of two modes. Prints one JSON report.
//
// Closed loop (`--readers N`, the default): N concurrent clients each page through GET /devices
// in cursor mode (pages of `--limit`) from the first page to the last, again and again, until
// `--duration` is up; each sends its next page as soon as the last one arrived. This measures
// throughput: with N readers always waiting on the server, a page's latency is N / (pages per
// second) whatever the server does, so its percentiles say nothing on their own.
//
// Open loop (`--rate R`): pages are requested at a fixed pace of R a second whether or not the
// earlier ones were answered (as many independent consoles and integrations would), each from a
// cursor of one walk through the whole list made first (unmeasured), in walk order and round
// again, so every depth of the list is read. A page's latency counts from the moment it was due,
// not from when it was sent, so a server that falls behind shows it in the percentiles. This
// measures latency at a stated load.
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
    rate: { type: 'string' },
    limit: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
  },
});
const base = new URL(values.server!);
const rate = values.rate === undefined ? null : Number(values.rate);
if (rate !== null && !(rate > 0)) throw new Error('--rate must be a positive number of pages a second');
// Open loop: enough sockets for the pages in flight when the server falls behind.
const agent = new http.Agent({ keepAlive: true, maxSockets: rate === null ? Number(values.readers) : 64 });

const FULL_PARSE_EVERY = 10;
class BadPage extends Error {}
const TAIL = Buffer.from('],"nextCursor":');
const limit = Number(values.limit);

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

const pageUrl = (cursor: string) => `/api/v1/devices?limit=${values.limit}&cursor=${encodeURIComponent(cursor)}`;

const hist = new Histogram();
const errors: Record<string, number> = {};
let devices = 0;
let walks = 0;
let pagesRead = 0;

/**
 * One page: its latency (from `since`) recorded, its tail checked, one in ten parsed in full.
 * Returns the next cursor ('' after the last page or a failure: start over).
 */
async function readPage(cursor: string, since: number): Promise<string> {
  try {
    const res = await get(pageUrl(cursor));
    hist.record(performance.now() - since);
    if (res.status !== 200) {
      errors[res.status] = (errors[res.status] ?? 0) + 1;
      return '';
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
    if (tail.nextCursor) return tail.nextCursor;
    walks++;
    return '';
  } catch (error) {
    const kind = error instanceof BadPage || error instanceof SyntaxError ? 'badPage' : 'network';
    errors[kind] = (errors[kind] ?? 0) + 1;
    return '';
  }
}

/** Every page's cursor of one walk through the list ('' for the first), read one after the other. */
async function walkCursors(): Promise<string[]> {
  const cursors = [''];
  for (;;) {
    const res = await get(pageUrl(cursors[cursors.length - 1]));
    if (res.status !== 200) throw new Error(`walk: GET /devices answered ${res.status}`);
    const next = pageTail(res.body)?.nextCursor;
    if (!next) return cursors;
    cursors.push(next);
  }
}

async function closedLoop(deadline: number): Promise<void> {
  const reader = async () => {
    let cursor = '';
    while (Date.now() < deadline) cursor = await readPage(cursor, performance.now());
  };
  await Promise.all(Array.from({ length: Number(values.readers) }, reader));
}

/** Pages due every 1/rate s until the deadline; returns the most pages that were in flight at once. */
async function openLoop(cursors: string[], pagesPerSecond: number, seconds: number): Promise<number> {
  const due = Math.floor(seconds * pagesPerSecond);
  const start = performance.now();
  const pending: Promise<string>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  for (let i = 0; i < due; i++) {
    const at = start + (i * 1000) / pagesPerSecond;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    pending.push(readPage(cursors[i % cursors.length], at).finally(() => inFlight--));
  }
  await Promise.all(pending);
  return maxInFlight;
}

async function main() {
  let extra: Record<string, number> = {};
  let started: number;
  if (rate === null) {
    started = Date.now();
    await closedLoop(started + Number(values.duration) * 1000);
  } else {
    const cursors = await walkCursors();
    started = Date.now();
    const maxInFlight = await openLoop(cursors, rate, Number(values.duration));
    extra = { offeredPerSecond: rate, maxInFlight, walkPages: cursors.length };
  }
  agent.destroy();
  const seconds = (Date.now() - started) / 1000;
  console.log(JSON.stringify({
    pages: hist.count,
    pagesPerSecond: Math.round((hist.count / seconds) * 10) / 10,
    devicesPerSecond: Math.round(devices / seconds),
    completeWalks: walks,
    latencyMs: { p50: hist.percentile(50), p95: hist.percentile(95), p99: hist.percentile(99), max: Math.round(hist.max) },
    errors: { total: Object.values(errors).reduce((a, b) => a + b, 0), byKind: errors },
    ...extra,
  }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
