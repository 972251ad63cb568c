import { describe, expect, it } from 'vitest';
import { compileRules, globToLike } from './compile-rules';

describe('globToLike', () => {
  it('turns * and ? into LIKE wildcards and escapes LIKE metacharacters', () => {
    expect(globToLike('web-*')).toBe('web-%');
    expect(globToLike('db?')).toBe('db_');
    expect(globToLike('50%_off\\*')).toBe('50\\%\\_off\\\\%');
  });
});

describe('compileRules', () => {
  it('joins conditions with and/or and passes every value as a parameter', () => {
    const sql = compileRules({ match: 'any', conditions: [{ field: 'osType', op: 'in', value: ['linux', 'macos'] }, { field: 'tags', op: 'has', value: "x'; drop table devices" }] });
    expect(sql.sql).toContain(' or ');
    expect(sql.sql).not.toContain('drop table');
    expect(sql.values).toContainEqual(['linux', 'macos']);
    expect(sql.values).toContain("x'; drop table devices");
  });
});
