// GET /metrics — Prometheus text: requests and latency by route and status, job queue depth,
// database pool, and Node's process and runtime metrics (lib/observability/metrics.ts). Needs
// `Authorization: Bearer $METRICS_TOKEN`; disabled (404) without a token.
import { plainNotFound } from '@/lib/http/not-found';
import { answerScrape } from '@/lib/observability/scrape';

export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  const answer = await answerScrape(req.headers.get('authorization'));
  if (answer.status === 404) return plainNotFound();
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
