import { describe, expect, it } from 'vitest';
import { intOpt, parseArgs, stringOpt } from './args';

describe('parseArgs', () => {
  it('reads values, = values, booleans and positionals', () => {
    const a = parseArgs(['enroll', '--key', 'K', '--server=http://x', '--quiet'], new Set(['quiet']));
    expect(a.positional).toEqual(['enroll']);
    expect(stringOpt(a, 'key')).toBe('K');
    expect(stringOpt(a, 'server')).toBe('http://x');
    expect(a.options.get('quiet')).toBe(true);
  });
  it('rejects a missing value and bad integers', () => {
    expect(() => parseArgs(['--key'], new Set())).toThrow('--key needs a value');
    expect(() => intOpt(parseArgs(['--devices', 'x'], new Set()), 'devices', 1)).toThrow();
    expect(intOpt(parseArgs(['--devices', '20'], new Set()), 'devices', 1)).toBe(20);
  });
});
