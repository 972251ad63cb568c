import { afterAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/metrics/route';
import { resetEnvCache } from '@/lib/env';
import { api } from '../helpers/http';

afterAll(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

describe('GET /metrics', () => {
  it('is disabled without METRICS_TOKEN', async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    expect((await GET(new Request('http://localhost/metrics'))).status).toBe(404);
  });

  it('needs the token and reports requests by route and status, the pool and the job queue', async () => {
    process.env.METRICS_TOKEN = 'metrics-secret';
    resetEnvCache();
    await api.get('/health');
    expect((await GET(new Request('http://localhost/metrics', { headers: { authorization: 'Bearer wrong' } }))).status).toBe(401);
    const res = await GET(new Request('http://localhost/metrics', { headers: { authorization: 'Bearer metrics-secret' } }));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('db_pool_connections{state="total"}');
    expect(text).toContain('# TYPE job_queue_depth gauge');
  });
});
