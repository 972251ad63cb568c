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
  it('rejects the whole email address', () => {
    expect(passwordProblems('X1-jdoe@example.com', { email: 'JDoe@Example.com' })).toEqual(['Password must not contain your email address']);
  });
  it('rejects the part before the @ and says that is what matched', () => {
    expect(passwordProblems('Jdoe-Secret-1', { email: 'jdoe@example.com' })).toEqual(['Password must not contain "jdoe", the part of your email address before the @']);
    expect(passwordProblems('Paula-Rocks-99', { email: 'paula+crm@example.com', name: 'Paula Wright' })).toEqual([
      'Password must not contain "paula", the part of your email address before the @',
    ]);
  });
  it('does not match a fragment of the part before the @, nor a short one', () => {
    expect(passwordProblems('Paula-Rocks-99', { email: 'paula.wright@example.com', name: 'Paula Wright' })).toEqual([]);
    expect(passwordProblems('Joe-Secret-12', { email: 'joe@example.com' })).toEqual([]);
  });
  it('ignores a name: the rule is about the email address', () => {
    expect(passwordProblems('Wright-Stuff-7', { email: 'owner@acme.test', name: 'Paula Wright' })).toEqual([]);
  });
});
