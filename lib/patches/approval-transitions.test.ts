import { describe, expect, it } from 'vitest';
import { decide, effectiveState, type ApprovalState } from '@/lib/patches/approval-transitions';

const now = new Date('2026-11-27T10:00:00Z');
const day = 86_400_000;
const s = (status: ApprovalState['status'], deferUntil: Date | null = null): ApprovalState => ({ status, deferUntil });
const later = (days: number) => new Date(now.getTime() + days * day);

describe('approval transitions', () => {
  it('pending moves to approved, declined or deferred', () => {
    expect(decide(s('pending'), { action: 'approve' }, now)).toEqual({ ok: true, next: s('approved'), changed: true });
    expect(decide(s('pending'), { action: 'decline' }, now)).toEqual({ ok: true, next: s('declined'), changed: true });
    expect(decide(s('pending'), { action: 'defer', until: later(7) }, now)).toEqual({ ok: true, next: s('deferred', later(7)), changed: true });
  });

  it('repeating the current decision changes nothing', () => {
    expect(decide(s('approved'), { action: 'approve' }, now)).toMatchObject({ ok: true, changed: false });
    expect(decide(s('declined'), { action: 'decline' }, now)).toMatchObject({ ok: true, changed: false });
    expect(decide(s('deferred', later(3)), { action: 'defer', until: later(3) }, now)).toMatchObject({ ok: true, changed: false });
    expect(decide(s('deferred', later(3)), { action: 'defer', until: later(5) }, now)).toMatchObject({ ok: true, changed: true, next: s('deferred', later(5)) });
  });

  it('approved may be declined or deferred; declined may be approved again but not deferred', () => {
    expect(decide(s('approved'), { action: 'decline' }, now)).toMatchObject({ ok: true, next: s('declined') });
    expect(decide(s('approved'), { action: 'defer', until: later(1) }, now)).toMatchObject({ ok: true, next: s('deferred', later(1)) });
    expect(decide(s('declined'), { action: 'approve' }, now)).toMatchObject({ ok: true, next: s('approved'), changed: true });
    expect(decide(s('declined'), { action: 'defer', until: later(1) }, now)).toMatchObject({ ok: false, code: 'INVALID_APPROVAL_TRANSITION' });
  });

  it('a deferral needs a future date within a year', () => {
    expect(decide(s('pending'), { action: 'defer', until: now }, now)).toMatchObject({ ok: false, code: 'INVALID_DEFER_DATE' });
    expect(decide(s('pending'), { action: 'defer', until: later(366) }, now)).toMatchObject({ ok: false, code: 'INVALID_DEFER_DATE' });
    expect(decide(s('pending'), { action: 'defer', until: later(365) }, now)).toMatchObject({ ok: true });
  });

  it('a deferral past its date reads as pending, and approving it is a change', () => {
    const expired = s('deferred', new Date(now.getTime() - 1000));
    expect(effectiveState(expired, now)).toEqual(s('pending'));
    expect(effectiveState(s('deferred', later(1)), now)).toEqual(s('deferred', later(1)));
    expect(decide(expired, { action: 'approve' }, now)).toMatchObject({ ok: true, changed: true });
    expect(decide(s('deferred', later(2)), { action: 'approve' }, now)).toMatchObject({ ok: true, next: s('approved'), changed: true });
  });
});
