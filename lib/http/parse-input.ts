import type { z } from 'zod';
import { AppError, badRequest } from '@/lib/http/errors';

/** URLSearchParams as an object: repeated keys become arrays. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', 400, 'Request body is not valid JSON');
  }
}

export function zodDetails(error: z.ZodError, where: string) {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = zodDetails(result.error, where);
  throw badRequest(details[0] ? `${details[0].path}: ${details[0].message}` : 'Invalid request', details);
}
