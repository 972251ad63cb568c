// A small in-process Prometheus registry: request counts and latency by route and status.
// Each process exposes its own figures; Prometheus sums them across processes.

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

interface Registry {
  requests: Map<string, number>;
  latency: Map<string, Histogram>;
}

const globalForMetrics = globalThis as unknown as { __rmmMetrics?: Registry };
const registry: Registry = (globalForMetrics.__rmmMetrics ??= { requests: new Map(), latency: new Map() });

const label = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const key = `method="${label(method)}",route="${label(route)}",status="${status}"`;
  registry.requests.set(key, (registry.requests.get(key) ?? 0) + 1);
  const hKey = `method="${label(method)}",route="${label(route)}"`;
  let h = registry.latency.get(hKey);
  if (!h) registry.latency.set(hKey, (h = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }));
  h.sum += seconds;
  h.count += 1;
  BUCKETS.forEach((b, i) => {
    if (seconds <= b) h!.buckets[i] += 1;
  });
}

export interface Gauge {
  name: string;
  help: string;
  samples: { labels?: Record<string, string>; value: number }[];
}

export function renderMetrics(gauges: Gauge[]): string {
  const out: string[] = [];
  out.push('# HELP http_requests_total HTTP requests handled, by route and status.');
  out.push('# TYPE http_requests_total counter');
  for (const [k, v] of registry.requests) out.push(`http_requests_total{${k}} ${v}`);
  out.push('# HELP http_request_duration_seconds HTTP request latency.');
  out.push('# TYPE http_request_duration_seconds histogram');
  for (const [k, h] of registry.latency) {
    BUCKETS.forEach((b, i) => out.push(`http_request_duration_seconds_bucket{${k},le="${b}"} ${h.buckets[i]}`));
    out.push(`http_request_duration_seconds_bucket{${k},le="+Inf"} ${h.count}`);
    out.push(`http_request_duration_seconds_sum{${k}} ${h.sum}`);
    out.push(`http_request_duration_seconds_count{${k}} ${h.count}`);
  }
  for (const g of gauges) {
    out.push(`# HELP ${g.name} ${g.help}`);
    out.push(`# TYPE ${g.name} gauge`);
    for (const s of g.samples) {
      const labels = s.labels
        ? `{${Object.entries(s.labels).map(([k, v]) => `${k}="${label(v)}"`).join(',')}}`
        : '';
      out.push(`${g.name}${labels} ${s.value}`);
    }
  }
  return out.join('\n') + '\n';
}
