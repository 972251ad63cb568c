import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/http/errors';
import { MAX_JSON_DEPTH, assertPlainInput, isJsonContentType, parseOrThrow, readJsonBody } from '@/lib/http/parse-input';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe('assertPlainInput', () => {
  it('names the field holding NUL or an unpaired surrogate, at any depth, keys included', () => {
    const body = JSON.parse('{"lines":[{"description":"ok"},{"description":"a\\u0000b"}],"meta":{"x":"\\ud800"},"k":{"\\udc00":1}}');
    const error = errorOf(() => assertPlainInput(body, 'body'));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect((error.details as { path: string }[]).map((d) => d.path)).toEqual(['body.lines.1.description', 'body.meta.x', 'body.k']);
    expect(error.message).toContain('body.lines.1.description');
  });

  it('accepts paired surrogates (emoji) and ordinary control characters', () => {
    expect(() => assertPlainInput({ s: '😀 tab\there' }, 'body')).not.toThrow();
  });

  it('bounds the nesting depth', () => {
    expect(() => assertPlainInput(nested(MAX_JSON_DEPTH), 'body')).not.toThrow();
    expect(errorOf(() => assertPlainInput(nested(MAX_JSON_DEPTH + 1), 'body')).status).toBe(400);
    expect(errorOf(() => assertPlainInput(JSON.parse('['.repeat(1000) + ']'.repeat(1000)), 'body')).status).toBe(400);
  });
});

describe('parseOrThrow', () => {
  it('answers 400 when a schema throws instead of reporting an issue', () => {
    const throwing = z.string().transform((s) => {
      if (s === 'boom') throw new Error('internal detail');
      return s;
    });
    const error = errorOf(() => parseOrThrow(throwing, 'boom', 'body'));
    expect(error.status).toBe(400);
    expect(error.message).not.toContain('internal detail');
  });
});

describe('readJsonBody', () => {
  const post = (body: string | undefined, contentType?: string, extra: Record<string, string> = {}) =>
    new Request('http://x/', { method: 'POST', body, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...extra } });

  it('accepts application/json and application/*+json with parameters', async () => {
    for (const ct of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json']) {
      expect(isJsonContentType(ct)).toBe(true);
      expect(await readJsonBody(post('{"a":1}', ct))).toEqual({ a: 1 });
    }
  });

  it('refuses a body without a JSON content type with 415, but an empty body needs none', async () => {
    for (const ct of ['text/plain', undefined, 'application/x-www-form-urlencoded', 'application/jsonx']) {
      await expect(readJsonBody(post('{"a":1}', ct))).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(await readJsonBody(post(undefined))).toEqual({});
    expect(await readJsonBody(post('', 'text/plain'))).toEqual({});
  });

  it('answers 413 past the cap, declared or streamed', async () => {
    await expect(readJsonBody(post('{"a":"0123456789"}', 'application/json'), 8)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    await expect(readJsonBody(post('{}', 'application/json', { 'content-length': '999999999' }))).rejects.toMatchObject({ status: 413 });
  });
});

describe('zJsonObject', () => {
  it('bounds a free-form field by its serialized size', async () => {
    const { zJsonObject } = await import('@/lib/http/common-schemas');
    expect(zJsonObject(64).safeParse({ a: 'x'.repeat(10) }).success).toBe(true);
    expect(zJsonObject(64).safeParse({ a: 'x'.repeat(100) }).success).toBe(false);
  });
});
