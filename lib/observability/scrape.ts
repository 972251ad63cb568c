// One answer to a Prometheus scrape, for the web's GET /metrics and the worker's metrics listener:
// served only with METRICS_TOKEN configured (404 otherwise, as if there were no such path), to a
// caller presenting it as `Authorization: Bearer <token>` (401 otherwise).
import { env } from '@/lib/env';
import { safeEqual } from '@/lib/auth/secrets';
import { registerDatabaseGauges } from '@/lib/observability/collect-gauges';
import { metricsContentType, metricsRegistry, renderMetrics } from '@/lib/observability/metrics';

export interface ScrapeAnswer {
  status: 200 | 401 | 404;
  headers: Record<string, string>;
  body: string;
}

export async function answerScrape(authorization: string | null | undefined): Promise<ScrapeAnswer> {
  const token = env().METRICS_TOKEN;
  if (!token) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'not found\n' };
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  if (!safeEqual(presented, token)) {
    return { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' }, body: 'unauthorized\n' };
  }
  registerDatabaseGauges(metricsRegistry());
  return { status: 200, headers: { 'content-type': metricsContentType() }, body: await renderMetrics() };
}
