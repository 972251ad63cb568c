import { describe, expect, it } from 'vitest';
import { changedFields, hasChanges, sameValue, whenLoaded } from './changed-fields';

describe('changedFields', () => {
  it('keeps only the keys whose values differ', () => {
    const initial = { name: 'Acme', timezone: 'UTC', status: 'active' };
    expect(changedFields(initial, { ...initial, name: 'Acme Ltd' })).toEqual({ name: 'Acme Ltd' });
  });

  it('returns an empty object when nothing changed', () => {
    const initial = { name: 'Acme', tags: ['a', 'b'], rules: { all: [{ field: 'os', op: 'eq', value: 'linux' }] } };
    const current = { name: 'Acme', tags: ['a', 'b'], rules: { all: [{ field: 'os', op: 'eq', value: 'linux' }] } };
    expect(changedFields(initial, current)).toEqual({});
    expect(hasChanges(initial, current)).toBe(false);
  });

  it('compares arrays and nested objects by value, element order included', () => {
    const initial = { tags: ['a', 'b'], settings: { locale: 'en', security: { mfa: false } } };
    expect(changedFields(initial, { ...initial, tags: ['b', 'a'] })).toEqual({ tags: ['b', 'a'] });
    expect(changedFields(initial, { ...initial, tags: ['a'] })).toEqual({ tags: ['a'] });
    const settings = { locale: 'en', security: { mfa: true } };
    expect(changedFields(initial, { ...initial, settings })).toEqual({ settings });
  });

  it('sends a field cleared to null', () => {
    expect(changedFields<{ siteId: string | null }>({ siteId: 's1' }, { siteId: null })).toEqual({ siteId: null });
    expect(changedFields<{ siteId: string | null }>({ siteId: null }, { siteId: 's1' })).toEqual({ siteId: 's1' });
  });

  it('never sends a field whose current value is undefined (a select still loading)', () => {
    const initial = { name: 'Laptop', siteId: 'site-1' as string | null | undefined };
    const current = { name: 'Laptop 2', siteId: whenLoaded<string | null>(false, null) };
    expect(changedFields(initial, current)).toEqual({ name: 'Laptop 2' });
    expect(hasChanges(initial, { name: 'Laptop', siteId: undefined })).toBe(false);
  });

  it('treats null and an empty string as different values', () => {
    expect(changedFields<{ note: string | null }>({ note: null }, { note: '' })).toEqual({ note: '' });
  });
});

describe('sameValue', () => {
  it('ignores object keys that hold undefined on either side', () => {
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: null })).toBe(false);
  });

  it('tells arrays from objects and dates by time', () => {
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(true);
    expect(sameValue(new Date(0), new Date(1))).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});

describe('whenLoaded', () => {
  it('passes the value through once the options are loaded', () => {
    expect(whenLoaded(true, 'site-1')).toBe('site-1');
    expect(whenLoaded(true, null)).toBeNull();
    expect(whenLoaded(false, 'site-1')).toBeUndefined();
  });
});
