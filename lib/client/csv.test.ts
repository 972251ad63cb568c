import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '@/lib/client/csv';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",3\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', '3'],
    ]);
  });

  it('detects semicolons and drops blank lines; keeps a last line without a newline', () => {
    expect(parseCsv('a;b\n\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('csvRecords', () => {
  it('keys rows by the normalised header and trims values', () => {
    const { header, records } = csvRecords('Organization,Site Name,External_ID\n Acme , HQ ,42\nBeta,,');
    expect(header).toEqual(['organization', 'sitename', 'externalid']);
    expect(records).toEqual([
      { organization: 'Acme', sitename: 'HQ', externalid: '42' },
      { organization: 'Beta', sitename: '', externalid: '' },
    ]);
  });
});
