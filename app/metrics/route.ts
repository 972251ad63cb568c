// GET /metrics — Prometheus text: requests and latency by route and status, job queue depth,
// database pool. Needs `Authorization: Bearer $METRICS_TOKEN`; disabled (404) without a token.
import { env } from '@/lib/env';
import { safeEqual } from '@/lib/auth/secrets';
import { plainNotFound } from '@/lib/http/not-found';
import { collectGauges } from '@/lib/observability/collect-gauges';
import { renderMetrics } from '@/lib/observability/metrics';

export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token) return plainNotFound();
  const presented = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!safeEqual(presented, token)) {
    return new Response('unauthorized\n', { status: 401, headers: { 'www-authenticate': 'Bearer' } });
  }
  return new Response(renderMetrics(await collectGauges()), { headers: { 'content-type': 'text/plain; version=0.0.4' } });
}
