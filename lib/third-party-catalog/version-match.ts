// Version comparisons for smoke tests: package managers report fuller versions than operators
// write (Debian's 1:128.0.3-1~deb12u1 for Firefox 128.0.3), so a requested version matches an
// installed one that starts with it at a component boundary.

/** Drops a Debian epoch (`1:`) so it neither blocks a prefix match nor dominates an ordering. */
const withoutEpoch = (v: string) => v.trim().replace(/^\d+:/, '');

/** True when `installed` is `requested` or extends it past a separator (128.0 → 128.0.3, not 1.2 → 1.20). */
export function versionMatches(installed: string, requested: string): boolean {
  const a = withoutEpoch(installed).toLowerCase();
  const b = withoutEpoch(requested).toLowerCase();
  if (!b) return false;
  if (a === b) return true;
  return a.startsWith(b) && /[^a-z0-9]/.test(a[b.length]!);
}

const tokens = (v: string) => withoutEpoch(v).toLowerCase().match(/\d+|[a-z]+/g) ?? [];

/** Orders two versions by their numeric and alphabetic runs (1.10 > 1.9); negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d/.test(p);
    const qn = /^\d/.test(q);
    if (pn && qn) {
      const d = Number(p) - Number(q);
      if (d !== 0) return Math.sign(d);
    } else if (pn !== qn) {
      // A number sorts after a pre-release word (1.0.1 > 1.0.rc1).
      return pn ? 1 : -1;
    } else if (p !== q) {
      return p < q ? -1 : 1;
    }
  }
  return 0;
}
