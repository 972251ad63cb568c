import { describe, expect, it } from 'vitest';
import { formatBytes, formatRelative, toCsv } from '@/lib/client/format';

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks and neutralises formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', null], ['=SUM(A1)', 3]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n\'=SUM(A1),3\r\n');
  });
});

describe('formatters', () => {
  it('formats bytes and relative times', () => {
    expect(formatBytes(8 * 1024 ** 3)).toBe('8.0 GB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatRelative(new Date(1_000_000 - 90_000).toISOString(), 1_000_000)).toBe('1 min ago');
    expect(formatRelative(null)).toBe('never');
  });
});
