import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOsv } from './osv';
import { parseKev } from './kev';
import { matchAdvisory } from './match';
import { cvss3BaseScore } from './cvss';
import { deviceEcosystem, normalizeEcosystem } from './ecosystems';

const samples = path.resolve(import.meta.dirname, 'samples');
const osv = parseOsv(JSON.parse(readFileSync(path.join(samples, 'osv-sample.json'), 'utf8')));
const row = (id: string, ecosystem: string) => osv.rows.find((r) => r.advisoryId === id && r.ecosystem === ecosystem)!;

describe('OSV sample', () => {
  it('parses every record into per-CVE, per-ecosystem rows', () => {
    expect(osv).toMatchObject({ records: 9, invalid: 0 });
    expect(row('DSA-5514-1', 'debian:12')).toMatchObject({ cveId: 'CVE-2023-4911', packageName: 'glibc', ranges: [[{ introduced: '0' }, { fixed: '2.36-9+deb12u3' }]] });
    // A USN names its CVE through Ubuntu's per-CVE record and carries no severity of its own.
    expect(row('USN-6859-1', 'ubuntu:24.04')).toMatchObject({ cveId: 'CVE-2024-6387', severity: 'unknown', versions: expect.arrayContaining(['1:9.6p1-3ubuntu13']) });
    expect(row('UBUNTU-CVE-2024-6387', 'ubuntu:22.04')).toMatchObject({ cveId: 'CVE-2024-6387', severity: 'high', cvssScore: 8.1 });
    expect(row('ALPINE-CVE-2023-5363', 'alpine:v3.18')).toMatchObject({ cveId: 'CVE-2023-5363', cvssScore: 7.5, severity: 'high' });
    expect(row('GHSA-p6mc-m468-83gw', 'npm')).toMatchObject({ cveId: 'CVE-2020-8203', cvssScore: 7.4 });
  });

  it('matches by the ecosystem ordering and names the fix', () => {
    const glibc = row('DSA-5514-1', 'debian:12');
    expect(matchAdvisory('dpkg', '2.36-9+deb12u2', glibc)).toEqual({ fixedVersion: '2.36-9+deb12u3' });
    expect(matchAdvisory('dpkg', '2.36-9+deb12u3', glibc)).toBeNull();
    expect(matchAdvisory('dpkg', '2.36-9+deb12u10', glibc)).toBeNull();
    const ssh = row('DSA-5724-1', 'debian:12');
    expect(matchAdvisory('dpkg', '1:9.2p1-2', ssh)).toEqual({ fixedVersion: '1:9.2p1-2+deb12u3' });
    expect(matchAdvisory('dpkg', '9.9p1-1', ssh)).toEqual({ fixedVersion: '1:9.2p1-2+deb12u3' }); // no epoch sorts below epoch 1
    expect(matchAdvisory('apk', '3.1.3-r0', row('ALPINE-CVE-2023-5363', 'alpine:v3.18'))).toEqual({ fixedVersion: '3.1.4-r0' });
    expect(matchAdvisory('apk', '3.1.4-r1', row('ALPINE-CVE-2023-5363', 'alpine:v3.18'))).toBeNull();
    const lodash = row('GHSA-p6mc-m468-83gw', 'npm');
    expect(matchAdvisory('semver', '3.6.0', lodash)).toBeNull(); // before `introduced`
    expect(matchAdvisory('semver', '4.17.15', lodash)).toEqual({ fixedVersion: '4.17.19' });
  });

  it('handles last_affected, listed versions and unfixed records', () => {
    expect(matchAdvisory('dpkg', '1.2-1', { ranges: [[{ introduced: '1.0' }, { last_affected: '1.2-1' }]], versions: [] })).toEqual({ fixedVersion: null });
    expect(matchAdvisory('dpkg', '1.2-2', { ranges: [[{ introduced: '1.0' }, { last_affected: '1.2-1' }]], versions: [] })).toBeNull();
    expect(matchAdvisory('dpkg', '2.3.9-1', { ranges: [[{ introduced: '0' }]], versions: ['2.3.9-1'] })).toEqual({ fixedVersion: null });
    // Two introduced/fixed windows.
    const twice = { ranges: [[{ introduced: '1.0' }, { fixed: '1.5' }, { introduced: '2.0' }, { fixed: '2.3' }]], versions: [] };
    expect(matchAdvisory('semver', '1.7.0', twice)).toBeNull();
    expect(matchAdvisory('semver', '2.1.0', twice)).toEqual({ fixedVersion: '2.3' });
  });

  it('finds the CVE of a notice in upstream, through a per-CVE record, or in related as older records list it', () => {
    const affected = [{ package: { ecosystem: 'Debian:12', name: 'glibc' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.36-9+deb12u3' }] }] }];
    const cves = (record: Record<string, unknown>) => parseOsv([{ id: 'DSA-5514-1', affected, ...record }]).rows.map((r) => r.cveId);
    expect(cves({ upstream: ['CVE-2023-4911'] })).toEqual(['CVE-2023-4911']);
    expect(cves({ upstream: ['DEBIAN-CVE-2023-4911'] })).toEqual(['CVE-2023-4911']);
    expect(cves({ aliases: [], related: ['CVE-2023-4911', 'CVE-2023-4806'], upstream: [] })).toEqual(['CVE-2023-4911', 'CVE-2023-4806']);
    // A GitHub advisory's related records are other vulnerabilities, not its own CVE.
    expect(parseOsv([{ id: 'GHSA-xxxx-yyyy-zzzz', related: ['CVE-2020-1'], affected: [{ package: { ecosystem: 'npm', name: 'x' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] }] }]).rows.map((r) => r.cveId)).toEqual(['GHSA-xxxx-yyyy-zzzz']);
    // Ubuntu's priority word counts when a record has no CVSS vector.
    expect(parseOsv([{ id: 'UBUNTU-CVE-2024-0001', affected: [{ ...affected[0], package: { ecosystem: 'Ubuntu:24.04:LTS', name: 'a' }, ecosystem_specific: { ubuntu_priority: 'medium' } }] }]).rows[0]).toMatchObject({ cveId: 'CVE-2024-0001', severity: 'medium' });
  });

  it('skips malformed and withdrawn records', () => {
    const out = parseOsv([{ id: 'X-1', withdrawn: '2024-01-01T00:00:00Z', affected: [{ package: { ecosystem: 'Debian:12', name: 'a' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }] }] }, { nope: true }]);
    expect(out).toMatchObject({ rows: [], records: 2, invalid: 1 });
  });
});

describe('KEV, CVSS and ecosystems', () => {
  it('reads the KEV sample', () => {
    const kev = parseKev(JSON.parse(readFileSync(path.join(samples, 'kev-sample.json'), 'utf8')))!;
    expect(kev.rows.find((r) => r.cveId === 'CVE-2021-44228')).toMatchObject({ knownRansomware: true, dateAdded: new Date('2021-12-10T00:00:00Z') });
    expect(parseKev({ foo: 1 })).toBeNull();
  });

  it('scores CVSS 3.x vectors', () => {
    expect(cvss3BaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(9.8);
    expect(cvss3BaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H')).toBe(10);
    expect(cvss3BaseScore('CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H')).toBe(7.8);
    expect(cvss3BaseScore('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(8.1);
    expect(cvss3BaseScore('CVSS:2.0/AV:N')).toBeNull();
  });

  it('normalises ecosystems and reads a device’s from its OS', () => {
    expect(normalizeEcosystem('Ubuntu:Pro:22.04:LTS')).toBe('ubuntu:22.04');
    expect(normalizeEcosystem('Debian')).toBeNull();
    expect(deviceEcosystem('dpkg', { name: 'Debian GNU/Linux', version: '12' })).toBe('debian:12');
    expect(deviceEcosystem('dpkg', { name: 'Ubuntu', version: '24.04' })).toBe('ubuntu:24.04');
    expect(deviceEcosystem('apk', { name: 'Alpine Linux', version: '3.18.4' })).toBe('alpine:v3.18');
    expect(deviceEcosystem('rpm', { name: 'Rocky Linux', version: '9.3' })).toBe('rocky:9');
    expect(deviceEcosystem('rpm', { name: 'AlmaLinux', version: '9.4 (Seafoam Ocelot)' })).toBe('almalinux:9');
    expect(deviceEcosystem('rpm', { name: 'Red Hat Enterprise Linux', version: '8.10 (Ootpa)' })).toBe('redhat:8');
    expect(deviceEcosystem('rpm', { name: 'Fedora Linux', version: '40' })).toBeNull();
    expect(normalizeEcosystem('Red Hat:enterprise_linux:9::baseos')).toBe('redhat:9');
    expect(normalizeEcosystem('Red Hat:rhel_eus:9.2::baseos')).toBeNull();
    expect(normalizeEcosystem('AlmaLinux:8')).toBe('almalinux:8');
    expect(normalizeEcosystem('Rocky Linux:9')).toBe('rocky:9');
  });

  it('matches RPM distribution advisories with rpm ordering, epoch included', () => {
    // The shape of AlmaLinux's, Rocky Linux's and Red Hat's OSV records of one openssl update:
    // CVEs in `related`, source and binary packages each with an epoch-qualified fix.
    const affected = (ecosystem: string) => ['openssl', 'openssl-libs'].map((name) => ({ package: { ecosystem, name }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1:3.0.7-27.el9' }] }] }));
    const rows = parseOsv([
      { id: 'ALSA-2024:2447', summary: 'Moderate: openssl security update', related: ['CVE-2023-5678', 'CVE-2024-0727'], affected: affected('AlmaLinux:9') },
      { id: 'RLSA-2024:2447', related: ['CVE-2024-0727'], affected: affected('Rocky Linux:9') },
      { id: 'RHSA-2024:2447', related: ['CVE-2024-0727'], affected: affected('Red Hat:enterprise_linux:9::baseos') },
    ]).rows;
    expect(new Set(rows.map((r) => `${r.ecosystem} ${r.packageName} ${r.cveId}`)).size).toBe(8);
    const alma = rows.find((r) => r.ecosystem === 'almalinux:9' && r.packageName === 'openssl' && r.cveId === 'CVE-2024-0727')!;
    expect(matchAdvisory('rpm', '1:3.0.7-25.el9_3', alma)).toEqual({ fixedVersion: '1:3.0.7-27.el9' });
    expect(matchAdvisory('rpm', '1:3.0.7-27.el9', alma)).toBeNull();
    expect(matchAdvisory('rpm', '1:3.0.7-27.el9_4', alma)).toBeNull();
    // Without its epoch the installed version sorts below the fix, however high.
    expect(matchAdvisory('rpm', '3.2.1-1.el9', alma)).toEqual({ fixedVersion: '1:3.0.7-27.el9' });
    expect(matchAdvisory('rpm', '5.14.0-427.13.1.el9_4', { ranges: [[{ introduced: '0' }, { fixed: '5.14.0-427.16.1.el9_4' }]], versions: [] })).toEqual({ fixedVersion: '5.14.0-427.16.1.el9_4' });
  });
});
