import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/client/api-client';
import { errorMessage, fieldErrorsOf } from '@/lib/client/field-errors';

describe('fieldErrorsOf', () => {
  it('maps body paths to field names, first message wins', () => {
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Invalid request', [
      { path: 'body.email', message: 'Invalid email address' },
      { path: 'body.email', message: 'second' },
      { path: 'body.rules.conditions.0.value', message: 'Required' },
    ]);
    expect(fieldErrorsOf(err)).toEqual({ email: 'Invalid email address', 'rules.conditions.0.value': 'Required' });
  });
  it('ignores non-API errors and object details', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(fieldErrorsOf(new ApiError(409, 'CONFLICT', 'Taken', { id: 1 }))).toEqual({});
  });
  it('prefers the envelope message', () => {
    expect(errorMessage(new ApiError(409, 'X', 'Name taken'), 'fallback')).toBe('Name taken');
    expect(errorMessage(new TypeError('boom'), 'fallback')).toBe('fallback');
  });
});
