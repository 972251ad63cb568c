import { describe, expect, it } from 'vitest';
import { aliasedRecords, batches, splitRoles } from '@/lib/client/import-rows';

describe('aliasedRecords', () => {
  it('maps header aliases to fields, drops blank cells and reports unknown columns', () => {
    const csv = 'Organisation;E-mail;Full Name;Shoe size\nContoso;ann@contoso.test;;42\n';
    const { records, unknown } = aliasedRecords(csv, { organisation: 'organization', email: 'email', fullname: 'name' } as const);
    expect(records).toEqual([{ organization: 'Contoso', email: 'ann@contoso.test' }]);
    expect(unknown).toEqual(['shoesize']);
  });
});

describe('batches', () => {
  it('splits at the limit and keeps order', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
    expect(batches(Array.from({ length: 1001 }, (_, i) => i)).map((b) => b.length)).toEqual([1000, 1]);
  });
});

describe('splitRoles', () => {
  it('accepts ; | and spaces, lowercases and keeps after_hours', () => {
    expect(splitRoles('Admin; billing|technical  after_hours after-hours')).toEqual(['admin', 'billing', 'technical', 'after_hours', 'after_hours']);
    expect(splitRoles('  ')).toEqual([]);
  });
});
