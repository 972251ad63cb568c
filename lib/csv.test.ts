import { describe, expect, it } from 'vitest';
import { csvField, csvRecords, parseCsv, toCsv } from '@/lib/csv';

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks, ends records with CRLF and defuses formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', null], ['=SUM(A1)', 3], ['-1', undefined]])).toBe(
      'a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n\'=SUM(A1),3\r\n\'-1,\r\n',
    );
  });

  it('prefixes every formula start with a quote, quoting the field when it holds a line break', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\0x'].map(csvField)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", '"\'\rx"', "'\0x"]);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes numbers, booleans and dates as values', () => {
    expect([-5, 1.5, 10n, true, new Date('2026-11-21T00:00:00Z'), new Date(Number.NaN), ''].map(csvField)).toEqual(['-5', '1.5', '10', 'true', '2026-11-21T00:00:00.000Z', '', '']);
  });

  it('reads back what it writes', () => {
    const rows = [['Acme, Inc.', 'say "hi"', 'two\nlines', 'plain']];
    expect(parseCsv(toCsv(['a', 'b', 'c', 'd'], rows))).toEqual([['a', 'b', 'c', 'd'], ...rows]);
  });
});

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
