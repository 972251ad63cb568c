import { describe, expect, it } from 'vitest';
import { matchesEventFilter, readPath } from '@/lib/automations/event-filter';

const data = { deviceId: 'd1', severity: 'high', context: { metric: 'cpu', value: 97 }, tags: ['prod', 'db'], siteId: null, online: false };

describe('matchesEventFilter', () => {
  it('matches every event with an empty filter', () => {
    expect(matchesEventFilter({}, data)).toBe(true);
    expect(matchesEventFilter({}, {})).toBe(true);
  });
  it('compares scalars by equality, without coercion', () => {
    expect(matchesEventFilter({ deviceId: 'd1' }, data)).toBe(true);
    expect(matchesEventFilter({ deviceId: 'd2' }, data)).toBe(false);
    expect(matchesEventFilter({ 'context.value': 97 }, data)).toBe(true);
    expect(matchesEventFilter({ 'context.value': '97' }, data)).toBe(false);
    expect(matchesEventFilter({ online: false }, data)).toBe(true);
  });
  it('reads dotted paths and treats an array as any-of', () => {
    expect(matchesEventFilter({ 'context.metric': ['memory', 'cpu'] }, data)).toBe(true);
    expect(matchesEventFilter({ severity: ['critical', 'medium'] }, data)).toBe(false);
  });
  it('requires every entry', () => {
    expect(matchesEventFilter({ deviceId: 'd1', severity: 'high' }, data)).toBe(true);
    expect(matchesEventFilter({ deviceId: 'd1', severity: 'low' }, data)).toBe(false);
  });
  it('matches an array value in the event when it contains the expected scalar', () => {
    expect(matchesEventFilter({ tags: 'db' }, data)).toBe(true);
    expect(matchesEventFilter({ tags: 'web' }, data)).toBe(false);
  });
  it('matches null against null and missing values only', () => {
    expect(matchesEventFilter({ siteId: null }, data)).toBe(true);
    expect(matchesEventFilter({ 'context.missing': null }, data)).toBe(true);
    expect(matchesEventFilter({ deviceId: null }, data)).toBe(false);
    expect(matchesEventFilter({ 'deviceId.deeper': 'x' }, data)).toBe(false);
  });
  it('does not walk into arrays or through non-objects', () => {
    expect(readPath(data, 'tags.0')).toBeUndefined();
    expect(readPath(null, 'a')).toBeUndefined();
  });
});
