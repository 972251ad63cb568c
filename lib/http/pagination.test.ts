import { describe, expect, it, beforeAll } from 'vitest';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './pagination';
import { resetEnvCache } from '@/lib/env';

beforeAll(() => {
  process.env.DATABASE_URL ??= 'postgresql://unused/unused';
  process.env.JWT_SECRET ??= 'unit-test-secret-0123456789-abcdefghijklmnop';
  process.env.ENCRYPTION_KEY ??= 'unit-test-key-0123456789-abcdefghijklmnopqrs';
  resetEnvCache();
});

const Shape = z.object({ id: z.string(), at: z.string() });

describe('opaque cursors', () => {
  it('round-trips', () => {
    const cursor = encodeCursor({ id: 'a', at: '2026-01-01' });
    expect(decodeCursor(cursor, Shape)).toEqual({ id: 'a', at: '2026-01-01' });
  });

  it('rejects a tampered or forged cursor with 400', () => {
    const cursor = encodeCursor({ id: 'a', at: '2026-01-01' });
    const [payload, sig] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ id: 'b', at: 'x' })).toString('base64url');
    for (const bad of [`${forged}.${sig}`, `${payload}.AAAA`, 'garbage', '']) {
      expect(() => decodeCursor(bad, Shape)).toThrowError(expect.objectContaining({ status: 400, code: 'INVALID_CURSOR' }));
    }
  });

  it('rejects a validly signed cursor of another shape', () => {
    expect(() => decodeCursor(encodeCursor({ other: 1 }), Shape)).toThrowError(expect.objectContaining({ status: 400 }));
  });
});
