import { describe, expect, it } from 'vitest';
import { passwordMeterLabel, passwordMeterScore } from './password-meter';

describe('signup strength meter', () => {
  it('scores one point per criterion', () => {
    expect(passwordMeterScore('')).toBe(0);
    expect(passwordMeterScore('abcdefgh')).toBe(2); // length + lowercase
    expect(passwordMeterScore('ABCDEFG')).toBe(1);
    expect(passwordMeterScore('1234567')).toBe(1);
    expect(passwordMeterScore('!!!!!!!')).toBe(1);
    expect(passwordMeterScore('Abcdefg1!')).toBe(5);
    expect(passwordMeterScore('ÄÖÜäöüßé')).toBe(2); // length + non-ASCII counts as special
  });

  it('labels 0–1 Too weak, 2 Weak, 3 Fair, 4 Good, 5 Strong', () => {
    expect(passwordMeterLabel('')).toBe('Too weak');
    expect(passwordMeterLabel('a')).toBe('Too weak');
    expect(passwordMeterLabel('aB')).toBe('Weak');
    expect(passwordMeterLabel('aB1')).toBe('Fair');
    expect(passwordMeterLabel('aB1!')).toBe('Good');
    expect(passwordMeterLabel('aB1!xyzw')).toBe('Strong');
  });
});
