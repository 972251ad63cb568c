import { describe, expect, it } from 'vitest';
import { auditWhereSql, containsPattern, searchWords } from './audit-where-sql';

const partnerCtx = { scope: 'partner', partnerId: '11111111-1111-4111-8111-111111111111', orgId: null, orgAccess: 'selected', orgIds: [] } as const;

describe('audit search words', () => {
  it('lower-cases, drops repeats and keeps at most 10 words', () => {
    expect(searchWords('  Alice  device.UPDATE alice ')).toEqual(['alice', 'device.update']);
    expect(searchWords(Array.from({ length: 12 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
  });

  it('takes LIKE wildcards and backslashes literally', () => {
    expect(containsPattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });
});

describe('audit predicate', () => {
  it('a caller restricted to no organization matches nothing, whatever the filters', () => {
    const sql = auditWhereSql({ ...partnerCtx }, { action: 'user.' });
    expect(sql.sql).toContain('false');
    expect(sql.values).toContain('user.%');
  });

  it('an action ending in * or . is a prefix, otherwise exact', () => {
    const ctx = { ...partnerCtx, orgAccess: 'all' } as const;
    expect(auditWhereSql(ctx, { action: 'user.login*' }).values).toContain('user.login%');
    expect(auditWhereSql(ctx, { action: 'api_key.' }).values).toContain('api\\_key.%');
    const exact = auditWhereSql(ctx, { action: 'user.login' });
    expect(exact.sql).toContain('l.action = ');
    expect(exact.values).toContain('user.login');
  });
});
