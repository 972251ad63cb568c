import { describe, expect, it } from 'vitest';
import { commandLineMatches, firstMatch, pathGlobToRegExp, ruleMatches, type MatchRule, type MatchSubject } from './match';

const none: MatchRule = { matchSigner: null, matchSignerThumbprint: null, matchSignerGroupId: null, matchHash: null, matchPathGlob: null, matchParentImage: null, matchCommandLine: null, matchUser: null, matchAdGroup: null };
const subject: MatchSubject = {
  executablePath: '/usr/bin/apt-get',
  sha256: 'a'.repeat(64),
  signer: null,
  signerThumbprint: null,
  parentImage: '/usr/bin/bash',
  commandLine: '/usr/bin/apt-get install -y curl',
  subjectUser: 'alice',
  subjectGroups: ['alice', 'Developers'],
};

describe('pam rule matching', () => {
  it('path globs: * stays inside a segment, ** crosses them', () => {
    expect(pathGlobToRegExp('/usr/bin/*').test('/usr/bin/apt-get')).toBe(true);
    expect(pathGlobToRegExp('/usr/*').test('/usr/bin/apt-get')).toBe(false);
    expect(pathGlobToRegExp('/usr/**').test('/usr/bin/apt-get')).toBe(true);
    expect(pathGlobToRegExp('/usr/bin/apt-???').test('/usr/bin/apt-get')).toBe(true);
    expect(pathGlobToRegExp('/usr/bin/apt.get').test('/usr/bin/aptXget')).toBe(false);
  });

  it('command lines: substring, or a whole-line glob', () => {
    expect(commandLineMatches('install -y', subject.commandLine)).toBe(true);
    expect(commandLineMatches('*install*curl', subject.commandLine)).toBe(true);
    expect(commandLineMatches('install*', subject.commandLine)).toBe(false);
  });

  it('every set field must hold; user and group compare case-insensitively', () => {
    expect(ruleMatches({ ...none, matchUser: 'ALICE', matchAdGroup: 'developers' }, subject)).toBe(true);
    expect(ruleMatches({ ...none, matchUser: 'alice', matchHash: 'b'.repeat(64) }, subject)).toBe(false);
    expect(ruleMatches({ ...none, matchHash: 'A'.repeat(64) }, subject)).toBe(true);
    expect(ruleMatches({ ...none, matchSigner: 'Vendor' }, subject)).toBe(false);
    expect(ruleMatches({ ...none, matchParentImage: '/usr/bin/*sh' }, subject)).toBe(true);
  });

  it('signer groups match by name or thumbprint', () => {
    const groups = new Map([['g', { signers: ['Vendor Inc'], thumbprints: ['c'.repeat(64)] }]]);
    expect(ruleMatches({ ...none, matchSignerGroupId: 'g' }, { ...subject, signer: 'vendor inc' }, groups)).toBe(true);
    expect(ruleMatches({ ...none, matchSignerGroupId: 'g' }, { ...subject, signerThumbprint: 'C'.repeat(64) }, groups)).toBe(true);
    expect(ruleMatches({ ...none, matchSignerGroupId: 'g' }, subject, groups)).toBe(false);
  });

  it('the first enabled match decides', () => {
    const rules = [
      { ...none, id: 1, enabled: false, matchUser: 'alice' },
      { ...none, id: 2, enabled: true, matchUser: 'bob' },
      { ...none, id: 3, enabled: true, matchPathGlob: '/usr/bin/*' },
    ];
    expect(firstMatch(rules, subject, new Map())?.id).toBe(3);
  });
});
