// The approval state machine of one organization's decision on one patch:
//
//   pending ──approve──► approved ──decline──► declined ──approve──► approved
//      │ ▲                  │ ▲                   ✗ defer (approve or leave it declined)
//      │ └─ date passes ─┐  │ │
//      └──defer──► deferred ◄┘ └─approve── deferred
//
// Repeating the current decision changes nothing (no event, no audit detail). A deferral needs
// a date in the future, at most MAX_DEFER_DAYS ahead; once the date passes it reads as pending.
import { MAX_DEFER_DAYS, type ApprovalStatus } from '@/lib/patches/schemas';

export type Decision = { action: 'approve' } | { action: 'decline' } | { action: 'defer'; until: Date };

export interface ApprovalState {
  status: ApprovalStatus;
  deferUntil: Date | null;
}

export type Transition = { ok: true; next: ApprovalState; changed: boolean } | { ok: false; code: 'INVALID_DEFER_DATE' | 'INVALID_APPROVAL_TRANSITION'; message: string };

/** The state as callers see it: a deferral whose date has passed is pending again. */
export function effectiveState(s: ApprovalState, now: Date): ApprovalState {
  if (s.status === 'deferred' && (!s.deferUntil || s.deferUntil <= now)) return { status: 'pending', deferUntil: null };
  return s;
}

export function decide(current: ApprovalState, decision: Decision, now: Date): Transition {
  const from = effectiveState(current, now);
  switch (decision.action) {
    case 'approve':
      return { ok: true, next: { status: 'approved', deferUntil: null }, changed: from.status !== 'approved' };
    case 'decline':
      return { ok: true, next: { status: 'declined', deferUntil: null }, changed: from.status !== 'declined' };
    case 'defer': {
      if (decision.until <= now) return { ok: false, code: 'INVALID_DEFER_DATE', message: 'A deferral ends in the future' };
      if (decision.until.getTime() - now.getTime() > MAX_DEFER_DAYS * 86_400_000) {
        return { ok: false, code: 'INVALID_DEFER_DATE', message: `A deferral ends at most ${MAX_DEFER_DAYS} days ahead` };
      }
      if (from.status === 'declined') return { ok: false, code: 'INVALID_APPROVAL_TRANSITION', message: 'A declined patch is not deferred: approve it, or leave it declined' };
      const changed = from.status !== 'deferred' || from.deferUntil?.getTime() !== decision.until.getTime();
      return { ok: true, next: { status: 'deferred', deferUntil: decision.until }, changed };
    }
  }
}
