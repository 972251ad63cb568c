import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/client/api-client';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';

const validation = (details: unknown) => new ApiError(400, 'VALIDATION_ERROR', 'body.expiresAt: Must be in the future', details);

describe('field errors from the envelope', () => {
  it('keys the first message of each top-level body field, or of each full path', () => {
    const err = validation([
      { path: 'body.expiresAt', message: 'Must be in the future' },
      { path: 'body.allowedCidrs.1', message: 'Not a CIDR' },
      { path: 'body.allowedCidrs.2', message: 'second one' },
      { path: 'query.page', message: 'ignored: not the body' },
    ]);
    expect(fieldErrorsOf(err)).toEqual({ expiresAt: 'Must be in the future', allowedCidrs: 'Not a CIDR' });
    expect(fieldErrorsOf(err, 'path')).toEqual({ expiresAt: 'Must be in the future', 'allowedCidrs.1': 'Not a CIDR', 'allowedCidrs.2': 'second one' });
    expect(fieldErrorsOf(validation([{ path: 'body', message: 'Unrecognized key' }]), 'path')).toEqual({});
    expect(fieldErrorsOf(new Error('plain'))).toEqual({});
    // Domain checks name the body field without the location; query, params and headers are not fields.
    expect(fieldErrorsOf(new ApiError(400, 'INVALID_WEBHOOK_URL', 'Invalid webhook URL', [{ path: 'config.url', message: 'loopback' }]), 'path')).toEqual({ 'config.url': 'loopback' });
    expect(fieldErrorsOf(validation([{ path: 'query.orgId', message: 'Invalid' }, { path: 'headers.content-type', message: 'x' }]))).toEqual({});
    expect(fieldErrorsOf(new ApiError(409, 'CONFLICT', 'x', { some: 'object' }))).toEqual({});
  });

  it('repeats the message at form level only when a problem has no field to show it', () => {
    const err = validation([{ path: 'body.expiresAt', message: 'Must be in the future' }]);
    expect(formErrorOf(err, ['name', 'expiresAt'], 'fallback')).toBeNull();
    expect(formErrorOf(err, ['name'], 'fallback')).toBe('body.expiresAt: Must be in the future');
    expect(formErrorOf(validation([{ path: 'body', message: 'Unrecognized key' }]), ['name'], 'fallback')).toBe('body.expiresAt: Must be in the future');
    expect(formErrorOf(new ApiError(403, 'PRIVILEGE_ESCALATION', 'You cannot grant scopes beyond your own permissions'), ['scopes'], 'fallback')).toBe('You cannot grant scopes beyond your own permissions');
    expect(formErrorOf(new TypeError('network'), [], 'Could not save')).toBe('Could not save');
  });
});
