// Version ordering per ecosystem, implemented once: every range check of the matcher goes through
// compareVersions(scheme, a, b) (< 0, 0, > 0).
// - dpkg (Debian, Ubuntu): deb-version(7): [epoch:]upstream[-revision], compared epoch first
//   (numerically), then upstream and revision with dpkg's verrevcmp: alternating non-digit runs
//   (letters sort before other characters, `~` before everything, even the end of the string)
//   and digit runs compared numerically.
// - apk (Alpine): apk-tools' order: dot-separated numbers, an optional letter, suffixes
//   (_alpha < _beta < _pre < _rc < none < _cvs < _svn < _git < _hg < _p, each with a number),
//   then -rN.
// - rpm (Red Hat, AlmaLinux, Rocky Linux): [epoch:]version[-release], epoch numerically, then
//   version and release with rpm's rpmvercmp: alphanumeric segments (other characters only
//   separate them), numeric segments numerically and newer than alphabetic ones, `~` sorting
//   before everything (even the end) and `^` after the end but before any further segment.
// - semver (npm and the other SemVer ecosystems): major.minor.patch, a pre-release sorts before
//   its release and pre-release identifiers compare numerically when both are numeric.
export type VersionScheme = 'dpkg' | 'apk' | 'rpm' | 'semver';

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

function dpkgOrder(c: string | undefined): number {
  if (c === undefined || isDigit(c)) return 0;
  if (isAlpha(c)) return c.charCodeAt(0);
  if (c === '~') return -1;
  return c.charCodeAt(0) + 256;
}

function verrevcmp(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    let firstDiff = 0;
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const ac = dpkgOrder(a[i]);
      const bc = dpkgOrder(b[j]);
      if (ac !== bc) return ac - bc;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    while (isDigit(a[i]) && isDigit(b[j])) {
      if (!firstDiff) firstDiff = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (isDigit(a[i])) return 1;
    if (isDigit(b[j])) return -1;
    if (firstDiff) return firstDiff;
  }
  return 0;
}

function parseDpkg(v: string) {
  const s = v.trim();
  const colon = s.indexOf(':');
  const epoch = colon > 0 && /^\d+$/.test(s.slice(0, colon)) ? Number(s.slice(0, colon)) : 0;
  const rest = colon > 0 ? s.slice(colon + 1) : s;
  const dash = rest.lastIndexOf('-');
  return dash >= 0 ? { epoch, upstream: rest.slice(0, dash), revision: rest.slice(dash + 1) } : { epoch, upstream: rest, revision: '' };
}

export function compareDpkg(a: string, b: string): number {
  const x = parseDpkg(a);
  const y = parseDpkg(b);
  if (x.epoch !== y.epoch) return x.epoch - y.epoch;
  return Math.sign(verrevcmp(x.upstream, y.upstream)) || Math.sign(verrevcmp(x.revision, y.revision));
}

const APK_SUFFIXES = ['alpha', 'beta', 'pre', 'rc', '', 'cvs', 'svn', 'git', 'hg', 'p'];
const APK_NONE = APK_SUFFIXES.indexOf('');

function parseApk(v: string) {
  const m = /^(.*?)(?:-r(\d+))?$/.exec(v.trim())!;
  const rev = m[2] ? Number(m[2]) : 0;
  let body = m[1].replace(/~[0-9a-f]+$/i, '');
  const numbers = /^\d+(?:\.\d+)*/.exec(body)?.[0] ?? '';
  body = body.slice(numbers.length);
  const letter = /^[a-z]/.test(body) ? body[0] : '';
  body = body.slice(letter.length);
  const suffixes: { rank: number; n: number }[] = [];
  for (const s of body.matchAll(/_([a-z]+)(\d*)/g)) {
    const rank = APK_SUFFIXES.indexOf(s[1]);
    suffixes.push({ rank: rank < 0 ? APK_NONE : rank, n: s[2] ? Number(s[2]) : 0 });
  }
  return { numbers: numbers ? numbers.split('.') : [], letter, suffixes, rev };
}

function compareApkNumber(a: string, b: string, first: boolean): number {
  // apk-tools: after the first component, a leading zero makes the comparison textual (1.01 < 1.1).
  if (!first && (a.startsWith('0') || b.startsWith('0'))) return a < b ? -1 : a > b ? 1 : 0;
  return Math.sign(Number(a) - Number(b)) || Math.sign(a.length - b.length);
}

export function compareApk(a: string, b: string): number {
  const x = parseApk(a);
  const y = parseApk(b);
  for (let i = 0; i < Math.min(x.numbers.length, y.numbers.length); i++) {
    const c = compareApkNumber(x.numbers[i], y.numbers[i], i === 0);
    if (c) return c;
  }
  if (x.numbers.length !== y.numbers.length) return Math.sign(x.numbers.length - y.numbers.length);
  if (x.letter !== y.letter) return x.letter < y.letter ? -1 : 1;
  for (let i = 0; i < Math.max(x.suffixes.length, y.suffixes.length); i++) {
    const s = x.suffixes[i] ?? { rank: APK_NONE, n: 0 };
    const t = y.suffixes[i] ?? { rank: APK_NONE, n: 0 };
    if (s.rank !== t.rank) return Math.sign(s.rank - t.rank);
    if (s.n !== t.n) return Math.sign(s.n - t.n);
  }
  return Math.sign(x.rev - y.rev);
}

function parseSemver(v: string) {
  const s = v.trim().replace(/^v/i, '').split('+')[0];
  const dash = s.indexOf('-');
  const core = (dash >= 0 ? s.slice(0, dash) : s).split('.').map((p) => Number.parseInt(p, 10) || 0);
  return { core: [core[0] ?? 0, core[1] ?? 0, core[2] ?? 0], pre: dash >= 0 ? s.slice(dash + 1).split('.') : [] };
}

export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return Math.sign(x.core[i] - y.core[i]);
  if (!x.pre.length || !y.pre.length) return Math.sign(y.pre.length - x.pre.length);
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn && Number(p) !== Number(q)) return Math.sign(Number(p) - Number(q));
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

const isAlnum = (c: string) => isDigit(c) || isAlpha(c);

/** rpm's rpmvercmp (lib/rpmvercmp.c) on one version or release string: < 0, 0, > 0. */
export function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && !isAlnum(a[i]) && a[i] !== '~' && a[i] !== '^') i++;
    while (j < b.length && !isAlnum(b[j]) && b[j] !== '~' && b[j] !== '^') j++;
    // A tilde sorts before everything else, the end of the string included.
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1;
      if (b[j] !== '~') return -1;
      i++;
      j++;
      continue;
    }
    // A caret sorts after the end of the string (1.0^git1 > 1.0) but before any other segment.
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (a[i] !== '^') return 1;
      if (b[j] !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (i >= a.length || j >= b.length) break;
    const numeric = isDigit(a[i]);
    const same = numeric ? isDigit : isAlpha;
    let x = i;
    let y = j;
    while (x < a.length && same(a[x])) x++;
    while (y < b.length && same(b[y])) y++;
    // Segments of different kinds: the numeric one is newer.
    if (y === j) return numeric ? 1 : -1;
    let sa = a.slice(i, x);
    let sb = b.slice(j, y);
    if (numeric) {
      sa = sa.replace(/^0+/, '');
      sb = sb.replace(/^0+/, '');
      if (sa.length !== sb.length) return sa.length > sb.length ? 1 : -1;
    }
    if (sa !== sb) return sa < sb ? -1 : 1;
    i = x;
    j = y;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i >= a.length ? -1 : 1;
}

function parseRpm(v: string) {
  const s = v.trim();
  const colon = s.indexOf(':');
  const epoch = colon > 0 && /^\d+$/.test(s.slice(0, colon)) ? Number(s.slice(0, colon)) : 0;
  const rest = colon > 0 ? s.slice(colon + 1) : s;
  const dash = rest.lastIndexOf('-');
  return dash >= 0 ? { epoch, version: rest.slice(0, dash), release: rest.slice(dash + 1) } : { epoch, version: rest, release: '' };
}

/** Two [epoch:]version[-release] strings as rpm orders them (a missing epoch is 0). */
export function compareRpm(a: string, b: string): number {
  const x = parseRpm(a);
  const y = parseRpm(b);
  if (x.epoch !== y.epoch) return Math.sign(x.epoch - y.epoch);
  return rpmvercmp(x.version, y.version) || rpmvercmp(x.release, y.release);
}

export function compareVersions(scheme: VersionScheme, a: string, b: string): number {
  return scheme === 'dpkg' ? compareDpkg(a, b) : scheme === 'apk' ? compareApk(a, b) : scheme === 'rpm' ? compareRpm(a, b) : compareSemver(a, b);
}
