// The OpenAPI document as a generated client reads it: Redocly's recommended rules (redocly.yaml)
// find nothing, shared shapes are named components, every operation documents the errors it
// can answer, and GET /devices' two answer shapes can be told apart.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIndex } from '@/app/api/route-index.generated';
import { buildOpenApi } from '@/lib/openapi/build-openapi';
import { publicUrl } from '@/lib/public-url';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document
const run = promisify(execFile);
// A deployment's public base URL (Redocly warns about localhost servers, which only tests use).
const SERVER = publicUrl('/api/v1', { APP_BASE_URL: 'https://rmm.acme-msp.net', HOST: '0.0.0.0', PORT: 4567 });

let doc: Json;
let dir: string;

beforeAll(async () => {
  doc = (await buildOpenApi(routeIndex, SERVER)) as Json;
  dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function operations(): { method: string; path: string; op: Json }[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ method, path: p, op: op as Json })));
}

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

function resolve(ref: string): Json | undefined {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json | undefined>((node, seg) => node?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

describe('OpenAPI document lint', () => {
  it('passes Redocly lint (recommended rules, redocly.yaml) with no warning and no error', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
    const result = await run(process.execPath, [cli, 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('names shared schemas once and refers to them', () => {
    const schemas = doc.components.schemas as Record<string, Json>;
    for (const name of ['Uuid', 'Timestamp', 'ErrorResponse', 'ErrorDetail', 'PageMeta', 'CursorPageMeta', 'Device', 'Alert', 'Ticket', 'Invoice', 'Organization', 'Site', 'User']) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect(doc.paths['/devices/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Device' });
    const text = JSON.stringify(doc);
    // The UUID pattern lives in the Uuid component only.
    expect(text.split(String(schemas.Uuid.pattern).replace(/\\/g, '\\\\')).length - 1).toBe(1);
    const all = refs(doc);
    expect(all.filter((r) => !r.startsWith('#/components/'))).toEqual([]);
    expect(all.filter((r) => resolve(r) === undefined)).toEqual([]);
  });

  it('documents the error responses of every operation in the shared envelope', () => {
    const responses = doc.components.responses as Record<string, Json>;
    for (const r of Object.values(responses)) expect(r.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(responses.TooManyRequests.headers['Retry-After']).toBeDefined();
    expect(responses.ServiceUnavailable.headers['Retry-After']).toBeDefined();
    for (const { method, path: p, op } of operations()) {
      const codes = Object.keys(op.responses);
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.responses['503'], where).toEqual({ $ref: '#/components/responses/ServiceUnavailable' });
      for (const code of codes.filter((c) => c >= '400')) expect(op.responses[code].$ref, `${where} ${code}`).toMatch(/^#\/components\/responses\//);
      // Anything with input or credentials can fail with a client error (redocly.yaml turns the
      // rule off only for the public operations that take neither).
      const takesInput = op.parameters.length > 0 || op.requestBody || op.security.some((s: Json) => Object.keys(s).length > 0);
      if (takesInput) expect(codes.some((c) => c.startsWith('4')), where).toBe(true);
      if (p.includes('{')) expect(codes, where).toContain('404');
      // redocly.yaml turns its 2xx rule off for the browser redirects only.
      const redirectOnly = codes.some((c) => c.startsWith('3')) && op.responses[codes.find((c) => c.startsWith('3'))!].headers?.Location;
      if (!redirectOnly) expect(codes.some((c) => c.startsWith('2')), where).toBe(true);
      if (op.requestBody?.content['application/json']) expect(codes, where).toEqual(expect.arrayContaining(['413', '415']));
    }
    expect(Object.keys(doc.paths['/auth/login'].post.responses)).toContain('429');
    expect(Object.keys(doc.paths['/partner-api/organizations'].post.responses)).toContain('429');
  });

  it('tells GET /devices page mode and cursor mode apart', () => {
    const op = doc.paths['/devices'].get;
    const shapes = op.responses['200'].content['application/json'].schema.oneOf as Json[];
    expect(shapes).toEqual([{ $ref: '#/components/schemas/DevicePage' }, { $ref: '#/components/schemas/DeviceCursorPage' }]);
    const [page, cursor] = shapes.map((s) => resolve(s.$ref)!);
    expect(page.required).toEqual(['data', 'pagination']);
    expect(cursor.required).toEqual(expect.arrayContaining(['devices', 'nextCursor']));
    // No object can satisfy both: each forbids the other's properties.
    expect(page.additionalProperties).toBe(false);
    expect(cursor.additionalProperties).toBe(false);
    const params = Object.fromEntries((op.parameters as Json[]).map((p) => [p.name, p]));
    expect(params.cursor.description).toMatch(/cursor mode/i);
    expect(params.page.description).toMatch(/page mode/i);
  });

  it('uses the public base URL as its server', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://rmm.acme-msp.net/api/v1' })]);
  });
});
