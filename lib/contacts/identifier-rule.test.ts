import { describe, expect, it } from 'vitest';
import { hasContactIdentifier } from './identifier-rule';

describe('contact identifier rule', () => {
  it('needs one non-blank of name, email, phone, mobile', () => {
    expect(hasContactIdentifier({})).toBe(false);
    expect(hasContactIdentifier({ name: '  ', email: '', phone: null, mobile: undefined })).toBe(false);
    expect(hasContactIdentifier({ name: 'Ada' })).toBe(true);
    expect(hasContactIdentifier({ email: 'a@b.test' })).toBe(true);
    expect(hasContactIdentifier({ phone: '+1 555' })).toBe(true);
    expect(hasContactIdentifier({ mobile: '0700' })).toBe(true);
  });
});
