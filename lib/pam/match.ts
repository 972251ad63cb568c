// Rule matching, pure: which rule (if any) decides an elevation request. Every match field a rule
// sets must hold; the enabled rules are tried by priority, then age, and the first match decides.

export interface MatchSubject {
  executablePath: string;
  sha256: string;
  signer: string | null;
  signerThumbprint: string | null;
  parentImage: string | null;
  commandLine: string;
  subjectUser: string;
  subjectGroups: string[];
}

export interface MatchRule {
  matchSigner: string | null;
  matchSignerThumbprint: string | null;
  matchSignerGroupId: string | null;
  matchHash: string | null;
  matchPathGlob: string | null;
  matchParentImage: string | null;
  matchCommandLine: string | null;
  matchUser: string | null;
  matchAdGroup: string | null;
}

export interface SignerGroupMembers {
  signers: string[];
  thumbprints: string[];
}

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** A path glob: `**` any characters, `*` any characters but `/`, `?` one character but `/`. */
export function pathGlobToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += escape(c);
  }
  return new RegExp(`^${out}$`);
}

/** A command-line pattern: a glob (`*` anything, `?` one character) when it has one, else a substring. */
export function commandLineMatches(pattern: string, commandLine: string): boolean {
  if (!/[*?]/.test(pattern)) return commandLine.includes(pattern);
  const re = new RegExp(`^${pattern.split('').map((c) => (c === '*' ? '.*' : c === '?' ? '.' : escape(c))).join('')}$`, 's');
  return re.test(commandLine);
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export function ruleMatches(rule: MatchRule, subject: MatchSubject, groups: ReadonlyMap<string, SignerGroupMembers> = new Map()): boolean {
  if (rule.matchSigner !== null && (subject.signer === null || !same(rule.matchSigner, subject.signer))) return false;
  if (rule.matchSignerThumbprint !== null && subject.signerThumbprint?.toLowerCase() !== rule.matchSignerThumbprint.toLowerCase()) return false;
  if (rule.matchSignerGroupId !== null) {
    const group = groups.get(rule.matchSignerGroupId);
    if (!group) return false;
    const bySigner = subject.signer !== null && group.signers.some((s) => same(s, subject.signer!));
    const byThumbprint = subject.signerThumbprint !== null && group.thumbprints.includes(subject.signerThumbprint.toLowerCase());
    if (!bySigner && !byThumbprint) return false;
  }
  if (rule.matchHash !== null && rule.matchHash.toLowerCase() !== subject.sha256.toLowerCase()) return false;
  if (rule.matchPathGlob !== null && !pathGlobToRegExp(rule.matchPathGlob).test(subject.executablePath)) return false;
  if (rule.matchParentImage !== null && (subject.parentImage === null || !pathGlobToRegExp(rule.matchParentImage).test(subject.parentImage))) return false;
  if (rule.matchCommandLine !== null && !commandLineMatches(rule.matchCommandLine, subject.commandLine)) return false;
  if (rule.matchUser !== null && !same(rule.matchUser, subject.subjectUser)) return false;
  if (rule.matchAdGroup !== null && !subject.subjectGroups.some((g) => same(g, rule.matchAdGroup!))) return false;
  return true;
}

/** The first matching rule, rules given in decision order (priority, then creation). */
export function firstMatch<R extends MatchRule & { enabled: boolean }>(rules: R[], subject: MatchSubject, groups: ReadonlyMap<string, SignerGroupMembers>): R | null {
  return rules.find((r) => r.enabled && ruleMatches(r, subject, groups)) ?? null;
}
