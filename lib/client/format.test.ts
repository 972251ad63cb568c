import { describe, expect, it } from 'vitest';
import { formatBytes, formatRelative } from '@/lib/client/format';

describe('formatters', () => {
  it('formats bytes and relative times', () => {
    expect(formatBytes(8 * 1024 ** 3)).toBe('8.0 GB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatRelative(new Date(1_000_000 - 90_000).toISOString(), 1_000_000)).toBe('1 min ago');
    expect(formatRelative(null)).toBe('never');
  });
});
