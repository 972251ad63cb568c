import { describe, expect, it } from 'vitest';
import { coerceFieldValue } from './coerce-field-value';

const f = (type: 'text' | 'number' | 'boolean' | 'date' | 'select', options: string[] = []) => ({ type, options });

describe('coerceFieldValue', () => {
  it('accepts values of the field type, coercing obvious text forms', () => {
    expect(coerceFieldValue(f('number'), '42')).toEqual({ ok: true, value: 42 });
    expect(coerceFieldValue(f('boolean'), 'true')).toEqual({ ok: true, value: true });
    expect(coerceFieldValue(f('text'), 7)).toEqual({ ok: true, value: '7' });
    expect(coerceFieldValue(f('date'), '2026-11-21')).toEqual({ ok: true, value: '2026-11-21' });
    expect(coerceFieldValue(f('select', ['a', 'b']), 'b')).toEqual({ ok: true, value: 'b' });
  });
  it('refuses the rest with a reason', () => {
    for (const [field, value] of [[f('number'), 'abc'], [f('number'), Infinity], [f('boolean'), 1], [f('date'), '21/11/2026'], [f('select', ['a']), 'c'], [f('text'), { a: 1 }], [f('text'), 'a\u0000b']] as const) {
      expect(coerceFieldValue(field, value).ok).toBe(false);
    }
  });
});
