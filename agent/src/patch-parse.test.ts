import { describe, expect, it } from 'vitest';
import { cveIdsIn, parseAptSimulation, parseDnfCheckUpdate, parseDnfUpdateInfo } from './patch-parse';

// Captured from `LANG=C apt-get -s dist-upgrade` on Debian 12 with the security suite and a
// local file: repository (no Release file, so no origin label: "localhost").
const APT = `Reading package lists...
Building dependency tree...
Reading state information...
Calculating upgrade...
The following NEW packages will be installed:
  libnew1
The following packages will be upgraded:
  libssl3 openssl rmm-patch-probe
3 upgraded, 1 newly installed, 0 to remove and 0 not upgraded.
Inst libnew1 (1.2-1 Debian:12.8/oldstable [amd64])
Inst libssl3 [3.0.11-1~deb12u1] (3.0.15-1~deb12u1 Debian-Security:12/oldstable-security [amd64])
Inst openssl [3.0.11-1~deb12u1] (3.0.15-1~deb12u1 Debian:12.8/oldstable, Debian-Security:12/oldstable-security [amd64])
Inst rmm-patch-probe [1.0] (1.1 localhost [all])
Conf libnew1 (1.2-1 Debian:12.8/oldstable [amd64])
Conf libssl3 (3.0.15-1~deb12u1 Debian-Security:12/oldstable-security [amd64])
`;

describe('parseAptSimulation', () => {
  it('lists upgrades with installed and candidate versions; security suites rank important', () => {
    const updates = parseAptSimulation(APT);
    expect(updates.map((u) => u.name)).toEqual(['libssl3', 'openssl', 'rmm-patch-probe']);
    expect(updates[0]).toEqual({ name: 'libssl3', installedVersion: '3.0.11-1~deb12u1', version: '3.0.15-1~deb12u1', architecture: 'amd64', origin: 'Debian-Security:12/oldstable-security', severity: 'important', cveIds: [] });
    expect(updates[1].severity).toBe('important');
    expect(updates[2]).toMatchObject({ installedVersion: '1.0', version: '1.1', origin: 'localhost', severity: 'low', architecture: 'all' });
  });

  it('an up-to-date system lists nothing', () => {
    expect(parseAptSimulation('Reading package lists...\n0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n')).toEqual([]);
  });
});

describe('dnf', () => {
  it('parses check-update, wrapped lines included', () => {
    const out = `Last metadata expiration check: 0:12:01 ago on Mon 01 Jan 2024 10:00:00 AM UTC.

openssl.x86_64                      1:3.0.7-27.el9                    baseos
a-very-long-package-name-that-wraps.noarch
                                    2.1-3.el9                         appstream
`;
    const updates = parseDnfCheckUpdate(out, new Map([['openssl', '1:3.0.7-25.el9']]));
    expect(updates).toEqual([
      { name: 'openssl', architecture: 'x86_64', installedVersion: '1:3.0.7-25.el9', version: '1:3.0.7-27.el9', origin: 'baseos', severity: 'unknown', cveIds: [] },
      { name: 'a-very-long-package-name-that-wraps', architecture: 'noarch', installedVersion: '', version: '2.1-3.el9', origin: 'appstream', severity: 'unknown', cveIds: [] },
    ]);
  });

  it('reads advisory severities from updateinfo', () => {
    const sev = parseDnfUpdateInfo('RHSA-2024:1234 Important/Sec. openssl-libs-3.0.7-27.el9.x86_64\nFEDORA-2024-1 Critical/Sec. curl-8.6.0-1.fc40.x86_64\n');
    expect(sev.get('openssl-libs')).toBe('important');
    expect(sev.get('curl')).toBe('critical');
  });

  it('finds CVE ids once each', () => {
    expect(cveIdsIn('fixes CVE-2024-0727 and CVE-2023-6129; CVE-2024-0727 again')).toEqual(['CVE-2024-0727', 'CVE-2023-6129']);
  });
});
