import { describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { routeIndex } from '@/app/api/route-index.generated';

describe('OpenAPI document', () => {
  it('describes every route and method with its permission and MFA requirement', async () => {
    const res = await api.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const entry of routeIndex) {
      const mod = await entry.load();
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const handler = mod[method] as { meta?: { permission: string } } | undefined;
        if (!handler?.meta) continue;
        const op = res.body.paths[entry.path]?.[method.toLowerCase()];
        expect(op, `${method} ${entry.path}`).toBeDefined();
        expect(op['x-permission']).toBe(handler.meta.permission);
        expect(typeof op['x-mfa-required']).toBe('boolean');
      }
    }
    const patch = res.body.paths['/orgs/partners/{id}'].patch;
    expect(patch['x-mfa-required']).toBe(true);
    expect(patch.requestBody.content['application/json'].schema.properties).toHaveProperty('serviceManagementMode');
    // Imports every route module of the app (several hundred): seconds on an idle machine, far
    // more while the rest of the suite runs beside it.
  }, 120_000);

  it('serves the docs page from local assets', async () => {
    const res = await api.get('/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('/api/v1/docs/assets/swagger-ui-bundle.js');
    expect(res.text).not.toMatch(/https?:\/\/(?!localhost)/);
  });
});
