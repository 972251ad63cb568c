// What Prometheus scrapes, checked by Prometheus's own linter: the web's GET /metrics and the
// real worker process's listener (WORKER_METRICS_PORT) both pass `promtool check metrics`, and
// carry Node's process metrics plus their own series (the worker: job runs by task and the job
// queue by state). promtool comes with Debian's `prometheus` package (.ci/run installs it);
// without it on this machine the exposition checks are skipped, saying so.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/metrics/route';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { startChild } from '../../scripts/lib/processes';
import { freePort } from '../../scripts/lib/postgres';
import { api } from '../helpers/http';

const TOKEN = 'metrics-exposition-token';
const promtoolMissing = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).error !== undefined;
const SKIP_REASON = 'promtool is not installed (Debian: apt-get install --no-install-recommends prometheus)';

/** `promtool check metrics` on the text: exit code and whatever it reported. */
function promtoolCheck(text: string): { code: number | null; report: string } {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { code: run.status, report: `${run.stdout}${run.stderr}` };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, detail: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${detail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
  resetEnvCache();
});

afterAll(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

describe('the web /metrics', () => {
  it('passes promtool check metrics', async (ctx) => {
    if (promtoolMissing) ctx.skip(SKIP_REASON);
    await api.get('/health');
    await api.get('/no-such-route');
    const res = await GET(new Request('http://localhost/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const series of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toContain(`\n${series}`);
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/\nhttp_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} \d+/);
    const check = promtoolCheck(text);
    expect(check.report).toBe('');
    expect(check.code).toBe(0);
  });
});

describe('the worker metrics listener', () => {
  let worker: ChildProcess | null = null;
  let output = '';
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    worker = startChild(
      'worker',
      'worker/index.ts',
      { ...process.env, HOST: '127.0.0.1', WORKER_METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', LOG_BUFFER_BYTES: '0', WORKER_POLL_INTERVAL_MS: '200' },
      'pipe',
    );
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    await until('the worker runner', async () => {
      const res = await fetch(`${base}/healthz`);
      return res.status === 200 && ((await res.json()) as { runner: string }).runner === 'running';
    }, 60_000, () => output);
  }, 90_000);

  afterAll(async () => {
    if (!worker || worker.exitCode !== null) return;
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  });

  const scrape = (authorization?: string) => fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers /healthz, and /metrics only with the token', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', runner: 'running' });
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong')).status).toBe(401);
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });

  it('reports job runs and the queue by task, and passes promtool check metrics', async (ctx) => {
    if (promtoolMissing) ctx.skip(SKIP_REASON);
    await enqueueJob(db, 'prune_pending_registrations', {});
    // An invalid payload: the task throws, and with one attempt the job has failed for good.
    await enqueueJob(db, 'delete_attachment_object', {}, { maxAttempts: 1 });
    await enqueueJob(db, 'prune_sessions', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const text = await until('the jobs to be reported', async () => {
      const res = await scrape(`Bearer ${TOKEN}`);
      const body = await res.text();
      return res.status === 200 &&
        /\njob_duration_seconds_count\{task="prune_pending_registrations",outcome="success"\} [1-9]/.test(body) &&
        /\njob_failed_permanently_total\{task="delete_attachment_object"\} 1\n/.test(body) &&
        /\njob_queue_depth\{task="delete_attachment_object",state="failed"\} 1\n/.test(body)
        ? body
        : null;
    }, 60_000, () => output);
    expect(text).toMatch(/\njob_duration_seconds_count\{task="delete_attachment_object",outcome="error"\} 1\n/);
    expect(text).toMatch(/\njob_failures_total\{task="delete_attachment_object"\} 1\n/);
    expect(text).toMatch(/\njob_queue_depth\{task="prune_sessions",state="scheduled"\} [1-9]/);
    for (const state of ['ready', 'scheduled', 'locked', 'failed']) expect(text).toContain(`job_queue_depth{task="prune_pending_registrations",state="${state}"}`);
    for (const series of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'db_pool_connections{state="total"}']) {
      expect(text).toContain(`\n${series}`);
    }
    const check = promtoolCheck(text);
    expect(check.report).toBe('');
    expect(check.code).toBe(0);
  }, 90_000);
});
