// Load process: what technicians do over the live channel, measured from the outside.
//   --mode tools: GET /system-tools/devices/:id/processes at --rate requests/s (open loop: each
//     request leaves on schedule whether or not the previous ones came back) for --seconds, over
//     the devices listed in --devices (one id a line), on --url.
//   --mode terminal: a terminal session on --device, created through --url, its WebSocket opened
//     on --viewer (another web process than the one holding the agent's channel, or the same);
//     --keys single keystrokes, each timed until the shell's echo of it arrives, then `cat` of a
//     file of --cat-mb MiB timed until its last byte arrived.
// Prints one JSON report on stdout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const { values } = parseArgs({
  options: {
    mode: { type: 'string' },
    url: { type: 'string' },
    viewer: { type: 'string' },
    token: { type: 'string' },
    devices: { type: 'string' },
    device: { type: 'string' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    keys: { type: 'string', default: '200' },
    'cat-mb': { type: 'string', default: '32' },
  },
});

function percentiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] * 10) / 10 : null);
  return { p50: at(50), p95: at(95), p99: at(99), max: at(100), n: s.length };
}

async function call(method: string, p: string, body?: unknown) {
  const res = await fetch(`${values.url}/api/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${values.token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function tools() {
  const ids = readFileSync(values.devices!, 'utf8').split('\n').filter(Boolean);
  const rate = Number(values.rate);
  const total = Math.round(rate * Number(values.seconds));
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = ids[Math.floor(Math.random() * ids.length)];
    const t0 = performance.now();
    inflight.push(
      fetch(`${values.url}/api/v1/system-tools/devices/${id}/processes`, { headers: { authorization: `Bearer ${values.token}` } })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status === 200) latencies.push(performance.now() - t0);
          else errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
        })
        .catch((e: Error & { cause?: { code?: string; message?: string } }) => {
          const kind = `${e.message}: ${e.cause?.code ?? e.cause?.message ?? 'no cause'}`;
          errors[kind] = (errors[kind] ?? 0) + 1;
        }),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  return { mode: 'tools', requests: total, ok: latencies.length, achievedPerSecond: Math.round((latencies.length / elapsed) * 10) / 10, latencyMs: percentiles(latencies), errors };
}

async function terminal() {
  const session = await call('POST', '/remote/sessions', { deviceId: values.device, type: 'terminal', cols: 200, rows: 50 });
  const ticket = await call('POST', `/remote/sessions/${session.id}/ws-ticket`, {});
  const ws = new WebSocket(`${values.viewer!.replace('http', 'ws')}${ticket.url}`);
  let received = 0;
  // Keystrokes are all `a`: the echo of keystroke i is the i-th `a` the terminal shows.
  let echoes = 0;
  let counting = false;
  let tail = '';
  let waiter: (() => void) | null = null;
  let ready = false;
  ws.on('message', (data, isBinary) => {
    if (!isBinary) {
      if (JSON.parse(String(data)).type === 'ready') ready = true;
      waiter?.();
      return;
    }
    const buf = data as Buffer;
    received += buf.length;
    if (counting) for (const byte of buf) if (byte === 0x61) echoes++;
    tail = (tail + buf.toString('latin1')).slice(-256);
    waiter?.();
  });
  const until = (check: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
      waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiter = null;
        resolve();
      };
    });
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  await until(() => ready, 30_000, 'terminal ready');
  // A quiet prompt first, so each keystroke's echo is the only output.
  ws.send(Buffer.from("PS1='$ '; echo bench-$((1+1))-ready\n"));
  await until(() => tail.includes('bench-2-ready'), 30_000, 'prompt');
  await new Promise((r) => setTimeout(r, 500));
  const echo: number[] = [];
  const keys = Number(values.keys);
  counting = true;
  for (let i = 0; i < keys; i++) {
    const t0 = performance.now();
    ws.send(Buffer.from('a'));
    await until(() => echoes > i, 10_000, 'echo');
    echo.push(performance.now() - t0);
    // A long line would wrap: clear it now and then (Ctrl-U), and let its redraw arrive.
    if (i % 50 === 49) {
      const mark = received;
      ws.send(Buffer.from('\x15'));
      await until(() => received > mark, 10_000, 'line cleared');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  counting = false;
  ws.send(Buffer.from('\x15'));
  // cat: a file of base64 lines (printable, so the PTY passes it as it is), timed to its last byte.
  const dir = mkdtempSync(path.join(tmpdir(), 'rmm-bench-cat-'));
  const file = path.join(dir, 'big.txt');
  const mb = Number(values['cat-mb']);
  execFileSync('sh', ['-c', `head -c ${Math.round((mb * 1024 * 1024 * 3) / 4)} /dev/urandom | base64 -w 76 > ${file}`]);
  await new Promise((r) => setTimeout(r, 300));
  const startBytes = received;
  const t0 = performance.now();
  ws.send(Buffer.from(`cat ${file}; echo cat-$((1+1))-done\n`));
  await until(() => tail.includes('cat-2-done'), 600_000, 'cat finished');
  const seconds = (performance.now() - t0) / 1000;
  const catBytes = received - startBytes;
  rmSync(dir, { recursive: true, force: true });
  ws.send(Buffer.from('exit\n'));
  ws.close();
  return { mode: 'terminal', keystrokes: echo.length, echoMs: percentiles(echo), cat: { bytes: catBytes, seconds: Math.round(seconds * 100) / 100, mbPerSecond: Math.round((catBytes / 1024 / 1024 / seconds) * 10) / 10 } };
}

const report = values.mode === 'tools' ? await tools() : await terminal();
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
