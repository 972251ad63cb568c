import { describe, expect, it } from 'vitest';
import { passwordMeter, passwordMeterLabel, passwordMeterScore } from './password-meter';
import { passwordProblems } from './password-strength';

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

describe('passwordMeter', () => {
  it('reads like the score when the server accepts the password', () => {
    expect(passwordMeter('Abcdefg1!', { email: 'owner@acme.test' })).toEqual({ score: 5, label: 'Strong', problems: [] });
    expect(passwordMeter('abcdefgh')).toEqual({ score: 2, label: 'Weak', problems: [] });
  });

  it('says Not allowed, with the server rule, instead of Strong', () => {
    const reading = passwordMeter('Paula-Rocks-99', { email: 'paula@acme.test', name: 'Paula Wright' });
    expect(reading.label).toBe('Not allowed');
    expect(reading.score).toBe(5);
    expect(reading.problems).toEqual(['Password must not contain "paula", the part of your email address before the @']);
  });

  it('matches the server for every password it scores Good or better', () => {
    const context = { email: 'jdoe@example.com' };
    for (const password of ['Passw0rd', 'Jdoe-Secret-1', 'Abcdefg1', 'x@JDOE@example.com1']) {
      expect(passwordMeter(password, context).problems).toEqual(passwordProblems(password, context));
    }
  });
});
