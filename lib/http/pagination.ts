// The two pagination styles of doc 1. Cursors are opaque and signed: a forged or tampered
// cursor is a 400, never a query on attacker-chosen values.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { env } from '@/lib/env';
import { badRequest } from '@/lib/http/errors';
import { safeEqual } from '@/lib/auth/secrets';

export function pageQuery(defaultLimit = 50, maxLimit = 100) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

export interface PageInput {
  page: number;
  limit: number;
}

export const pageArgs = ({ page, limit }: PageInput) => ({ skip: (page - 1) * limit, take: limit });

export function pageResult<T>(data: T[], input: PageInput, total: number) {
  return { data, pagination: { page: input.page, limit: input.limit, total } };
}

export function cursorQuery(defaultLimit = 50, maxLimit = 100) {
  return z.object({
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

function sign(payload: string): string {
  return createHmac('sha256', env().JWT_SECRET).update(`cursor:${payload}`).digest('base64url').slice(0, 22);
}

export function encodeCursor(value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** Decodes a cursor made by encodeCursor and checks its shape; 400 otherwise. */
export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.output<S> {
  const [payload, signature] = cursor.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(payload))) throw badRequest('Invalid cursor', [], 'INVALID_CURSOR');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor', [], 'INVALID_CURSOR');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest('Invalid cursor', [], 'INVALID_CURSOR');
  return parsed.data;
}

export function cursorResult<T>(data: T[], limit: number, nextCursor: string | null) {
  return { data, pagination: { nextCursor, limit } };
}
