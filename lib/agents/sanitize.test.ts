import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stripNul, truncateUtf8 } from './sanitize';
import { takeDropped, tolerant } from './tolerant';

describe('stripNul', () => {
  it('removes U+0000 from nested strings and keys', () => {
    expect(stripNul({ 'a\u0000': ['x\u0000y', 1, null], b: { c: '\u0000' } })).toEqual({ a: ['xy', 1, null], b: { c: '' } });
  });
});

describe('truncateUtf8', () => {
  it('keeps short text and cuts long text on a character boundary', () => {
    expect(truncateUtf8('hello', 10)).toEqual({ text: 'hello', truncated: false });
    const cut = truncateUtf8('aé€😀', 5); // 1 + 2 + 3 + 4 bytes
    expect(cut).toEqual({ text: 'aé', truncated: true });
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(5);
  });
});

describe('tolerant fields', () => {
  const S = z.object({ cpu: tolerant(z.number().min(0).max(100)), nested: tolerant(z.object({ a: tolerant(z.number()), b: tolerant(z.string()) })) });
  it('drops invalid optional fields and reports their paths', () => {
    const parsed = S.parse({ cpu: 'high', nested: { a: 'x', b: 'ok' } });
    expect(takeDropped(parsed)).toEqual(['cpu', 'nested.a']);
    expect(parsed).toEqual({ nested: { b: 'ok' } });
  });
  it('keeps valid values and ignores absent ones', () => {
    const parsed = S.parse({ cpu: 12.5 });
    expect(takeDropped(parsed)).toEqual([]);
    expect(parsed).toEqual({ cpu: 12.5 });
  });
});
