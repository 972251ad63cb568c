// Prometheus metrics (prom-client). Each process (web, worker) keeps one registry: Node's standard
// process and runtime metrics (`process_*`, `nodejs_*`: CPU, memory, event-loop lag, GC), its own
// series (HTTP requests in the web, job runs in the worker), and gauges read from PostgreSQL on
// every scrape (collect-gauges.ts). Counters and histograms are per process: Prometheus scrapes
// each process and sums them. Database-backed gauges (job_queue_depth) describe the shared state,
// so every process reports the same figure: aggregate those with max(), not sum().
//
// The registry lives on globalThis: Next.js may load this module more than once in one process
// (one copy per bundle layer), and every copy must count into the same series.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; the request latency buckets the dashboards were built on. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface ProcessMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
}

const globalForMetrics = globalThis as unknown as { __rmmMetrics?: ProcessMetrics };

function createMetrics(): ProcessMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which Prometheus's linter (promtool check metrics) rejects; the
  // same figures are in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources
  // (by type: sum them for the totals).
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests handled, by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  return { registry, requests, latency };
}

function metrics(): ProcessMetrics {
  return (globalForMetrics.__rmmMetrics ??= createMetrics());
}

/** This process's registry: default metrics plus whatever the process registers in it. */
export function metricsRegistry(): Registry {
  return metrics().registry;
}

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  m.requests.inc({ method, route, status: String(status) });
  m.latency.observe({ method, route }, seconds);
}

/** The exposition's Content-Type (Prometheus text format 0.0.4). */
export function metricsContentType(): string {
  return metrics().registry.contentType;
}

/** The text a scrape answers: every series of this process, gauges collected now. */
export function renderMetrics(): Promise<string> {
  return metrics().registry.metrics();
}
