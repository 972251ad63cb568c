import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-strength';

describe('passwordProblems', () => {
  it('accepts a strong password', () => {
    expect(passwordProblems('Correct-Horse-9')).toEqual([]);
  });
  it('reports length first', () => {
    expect(passwordProblems('Ab1!')[0]).toBe('Password must be at least 8 characters');
  });
  it('requires a mix of character classes', () => {
    expect(passwordProblems('alllowercase')[0]).toMatch(/three of/);
  });
  it('rejects the email local part', () => {
    expect(passwordProblems('Jdoe-Secret-1', { email: 'jdoe@example.com' })).toContain('Password must not contain your email address');
  });
});
