import { describe, expect, it } from 'vitest';
import { luminance, readableTextOn } from './colors';

describe('brand colours', () => {
  it('computes relative luminance', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
  });

  it('puts white text on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#1b47a8')).toBe('#ffffff');
    expect(readableTextOn('#7c2d12')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#111827');
    expect(readableTextOn('#ffffff')).toBe('#111827');
    expect(readableTextOn('#000000')).toBe('#ffffff');
  });
});
