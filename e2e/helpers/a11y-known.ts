// TEMPORARY: accessibility findings the sweep (e2e/a11y.spec.ts) still reports and that are not
// fixed yet, each with the reason. Work this list down to empty; a finding not listed here fails
// the sweep, and an entry that no longer matches anything should be deleted.
export type Mode = 'light' | 'dark' | 'phone';

export interface KnownViolation {
  /** A page pattern as the app directory spells it ("/alerts/rules/[id]"), or "*" for every page. */
  page: string;
  /** The theme (or the phone pass); every one when absent. */
  mode?: Mode;
  /** The axe rule id, or "scrolls-sideways" for the phone pass. */
  rule: string;
  /** A piece of the CSS selector axe names for the element; every element when absent. */
  target?: string;
  why: string;
}

export const KNOWN: KnownViolation[] = [];

export function isKnown(finding: { page: string; mode: Mode; rule: string; target?: string }): boolean {
  return KNOWN.some(
    (k) =>
      (k.page === '*' || k.page === finding.page) &&
      (!k.mode || k.mode === finding.mode) &&
      k.rule === finding.rule &&
      (!k.target || (finding.target ?? '').includes(k.target)),
  );
}
