import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFilter, globToLike } from './compile-filter';
import { ZFilterRules, MAX_FILTER_DEPTH } from './schemas';
import { ZGroupRules } from '@/lib/device-groups/schemas';
import { zodDetails } from '@/lib/http/parse-input';

const ORG = '6f1c0000-0000-4000-8000-000000000001';

describe('globToLike', () => {
  it('turns * and ? into LIKE wildcards and escapes LIKE metacharacters', () => {
    expect(globToLike('web-*')).toBe('web-%');
    expect(globToLike('db?')).toBe('db_');
    expect(globToLike('50%_off\\*')).toBe('50\\%\\_off\\\\%');
  });
});

describe('compileFilter', () => {
  it('joins conditions with and/or and passes every value as a parameter', () => {
    const sql = compileFilter(ZFilterRules.parse({ match: 'any', conditions: [{ field: 'osType', op: 'in', value: ['linux', 'macos'] }, { field: 'tags', op: 'has', value: "x'; drop table devices" }] }));
    expect(sql.sql).toContain(' or ');
    expect(sql.sql).not.toContain('drop table');
    expect(sql.values).toContainEqual(['linux', 'macos']);
    expect(sql.values).toContain("x'; drop table devices");
  });

  it('compiles nested groups into nested parentheses with their own joiner', () => {
    const tree = ZFilterRules.parse({
      conditions: [
        { field: 'status', op: 'eq', value: 'online' },
        { match: 'any', conditions: [{ field: 'hostname', op: 'contains', value: 'web' }, { field: 'orgId', op: 'eq', value: ORG }] },
      ],
    });
    expect(tree.match).toBe('all');
    const sql = compileFilter(tree).sql.replace(/\s+/g, ' ');
    expect(sql).toMatch(/^\(d\.status = any\(.*\) and \(d\.hostname ilike .* or d\.org_id = any\(.*\)\)\)$/);
  });

  it('compiles the device-list fields to their tables', () => {
    const sql = compileFilter(
      ZFilterRules.parse({
        conditions: [
          { field: 'groupId', op: 'not_in', value: ORG },
          { field: 'customField', key: 'contract_tier', op: 'eq', value: 'gold' },
          { field: 'customField', key: 'seats', op: 'gt', value: 5 },
          { field: 'customField', key: 'owner', op: 'is_not_set' },
          { field: 'software', op: 'installed', value: '7-zip_%' },
        ],
      }),
    );
    expect(sql.sql).toContain('not exists (select 1 from device_group_memberships');
    expect(sql.sql).toContain('custom_field_values');
    expect(sql.sql).toContain('device_software');
    expect(sql.values).toContain('contract_tier');
    expect(sql.values).toContain('%7-zip\\_\\%%');
  });
});

describe('ZFilterRules', () => {
  const detailsOf = (value: unknown, schema: z.ZodType = ZFilterRules) => {
    const r = schema.safeParse(value);
    expect(r.success).toBe(false);
    return zodDetails(r.error!, 'body.rules');
  };

  it('names the bad node of a nested tree', () => {
    const d = detailsOf({ match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'online' }, { match: 'any', conditions: [{ field: 'lastSeen', op: 'within_minutes', value: 'soon' }] }] });
    expect(d[0].path).toBe('body.rules.conditions.1.conditions.0.value');
  });

  it('names an unknown field and a wrong operator', () => {
    expect(detailsOf({ conditions: [{ field: 'colour', op: 'eq', value: 'x' }] })[0].path).toBe('body.rules.conditions.0.field');
    expect(detailsOf({ conditions: [{ field: 'tags', op: 'eq', value: 'x' }] })[0].path).toBe('body.rules.conditions.0.op');
  });

  it('refuses a custom-field condition without the value its operator needs', () => {
    const d = detailsOf({ conditions: [{ field: 'customField', key: 'seats', op: 'gt', value: 'many' }] });
    expect(d[0]).toMatchObject({ path: 'body.rules.conditions.0.value', message: 'Operator gt compares numbers' });
  });

  it('bounds the depth', () => {
    let tree: unknown = { conditions: [{ field: 'status', op: 'eq', value: 'online' }] };
    for (let i = 0; i < MAX_FILTER_DEPTH; i++) tree = { conditions: [tree] };
    expect(detailsOf(tree)[0].message).toMatch(/nest at most/);
  });

  it('keeps group membership out of dynamic group rules', () => {
    const d = detailsOf({ conditions: [{ match: 'any', conditions: [{ field: 'groupId', op: 'in', value: ORG }] }] }, ZGroupRules);
    expect(d[0].path).toBe('body.rules.conditions.0.conditions.0.field');
  });
});
