import { describe, expect, it } from 'vitest';
import { mergeSettings } from './merge-settings';

describe('mergeSettings', () => {
  it('keeps keys that the patch omits, at every depth', () => {
    const current = { timezone: 'UTC', security: { ipAllowlist: ['10.0.0.0/8'], other: 1 } };
    expect(mergeSettings(current, { security: { other: 2 } })).toEqual({
      timezone: 'UTC',
      security: { ipAllowlist: ['10.0.0.0/8'], other: 2 },
    });
  });

  it('replaces arrays whole, so [] clears a list', () => {
    expect(mergeSettings({ security: { ipAllowlist: ['1.2.3.4'] } }, { security: { ipAllowlist: [] } })).toEqual({
      security: { ipAllowlist: [] },
    });
  });

  it('treats a missing or non-object current value as empty', () => {
    expect(mergeSettings(null, { timezone: 'Europe/Paris' })).toEqual({ timezone: 'Europe/Paris' });
  });
});
