import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseApkInstalled, parseRpmQuery, parseSourceRpm } from './inventory';
import { collectInventory } from './os';

describe('inventory', () => {
  it('describes this machine, with its packages when dpkg or rpm is present', async () => {
    const inv = await collectInventory();
    expect(inv.hardware.cpuCores).toBeGreaterThan(0);
    expect(inv.os.hostname).toBeTruthy();
    expect(inv.disks.length).toBeGreaterThan(0);
    if (existsSync('/usr/bin/dpkg-query')) {
      expect(inv.software.length).toBeGreaterThan(10);
      expect(inv.software.every((s) => s.source === 'dpkg' && s.name)).toBe(true);
    }
  }, 30_000);

  it.skipIf(!existsSync('/usr/bin/dpkg-query'))('gives each dpkg package its source package and version when they differ, as dpkg itself says', async () => {
    const inv = await collectInventory();
    const expected = execFileSync('dpkg-query', ['-W', '-f=${Package}\t${Version}\t${source:Package}\t${source:Version}\n'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.split('\t'))
      .filter(([name]) => name);
    const bySource = new Map(inv.software.map((s) => [s.name, s]));
    const differing = expected.filter(([name, , src]) => src !== name && bySource.has(name));
    // Every Debian system has binaries built from another source package (libc6 from glibc).
    expect(differing.length).toBeGreaterThan(0);
    for (const [name, version, src, srcVersion] of expected) {
      const s = bySource.get(name);
      if (!s) continue;
      expect(s.sourceName).toBe(src !== name ? src : undefined);
      expect(s.sourceVersion).toBe(srcVersion !== version ? srcVersion : undefined);
    }
  }, 30_000);
});

describe('apk installed database', () => {
  it('reads each package with its origin', () => {
    const db = [
      'C:Q1abc=\nP:libcrypto3\nV:3.1.4-r5\nA:x86_64\nS:1\nI:2\nT:Crypto library from openssl\nU:https://www.openssl.org/\nL:Apache-2.0\no:openssl\nm:Ariadne Conill <ariadne@dereferenced.org>\nt:1705000000\n',
      'C:Q1def=\nP:busybox\nV:1.36.1-r15\nA:x86_64\no:busybox\nm:Sören Tempel <soeren+alpine@soeren-tempel.net>\nF:bin\nR:busybox\n',
      '',
    ].join('\n');
    expect(parseApkInstalled(db)).toEqual([
      { name: 'libcrypto3', version: '3.1.4-r5', publisher: 'Ariadne Conill <ariadne@dereferenced.org>', source: 'apk', sourceName: 'openssl' },
      { name: 'busybox', version: '1.36.1-r15', publisher: 'Sören Tempel <soeren+alpine@soeren-tempel.net>', source: 'apk' },
    ]);
  });
});

describe('rpm source packages', () => {
  it('reads name and version-release from SOURCERPM file names', () => {
    expect(parseSourceRpm('bash-5.1.8-9.el9.src.rpm')).toEqual({ name: 'bash', version: '5.1.8-9.el9' });
    expect(parseSourceRpm('openssl-3.0.7-27.el9.src.rpm')).toEqual({ name: 'openssl', version: '3.0.7-27.el9' });
    expect(parseSourceRpm('kernel-5.14.0-427.13.1.el9_4.src.rpm')).toEqual({ name: 'kernel', version: '5.14.0-427.13.1.el9_4' });
    expect(parseSourceRpm('python-setuptools-53.0.0-12.el9.src.rpm')).toEqual({ name: 'python-setuptools', version: '53.0.0-12.el9' });
    expect(parseSourceRpm('glibc-2.34-100.el9_4.2.src.rpm')).toEqual({ name: 'glibc', version: '2.34-100.el9_4.2' });
    expect(parseSourceRpm('xorg-x11-fonts-7.5-33.el9.nosrc.rpm')).toEqual({ name: 'xorg-x11-fonts', version: '7.5-33.el9' });
    expect(parseSourceRpm('(none)')).toBeNull();
    expect(parseSourceRpm('')).toBeNull();
    expect(parseSourceRpm(undefined)).toBeNull();
  });

  it('lists rpm -qa output with epochs and source packages', () => {
    const out = [
      'bash\t5.1.8-9.el9\tAlmaLinux\t1715000000\tbash-5.1.8-9.el9.src.rpm',
      'openssl-libs\t1:3.0.7-27.el9\tAlmaLinux\t1715000001\topenssl-3.0.7-27.el9.src.rpm',
      'kernel-core\t5.14.0-427.13.1.el9_4\tRocky Enterprise Software Foundation\t1715000002\tkernel-5.14.0-427.13.1.el9_4.src.rpm',
      'gpg-pubkey\t3228467c-613798eb\t(none)\t1715000003\t(none)',
      '',
    ].join('\n');
    expect(parseRpmQuery(out)).toEqual([
      { name: 'bash', version: '5.1.8-9.el9', publisher: 'AlmaLinux', source: 'rpm', installedAt: '2024-05-06T12:53:20.000Z' },
      { name: 'openssl-libs', version: '1:3.0.7-27.el9', publisher: 'AlmaLinux', source: 'rpm', installedAt: '2024-05-06T12:53:21.000Z', sourceName: 'openssl' },
      { name: 'kernel-core', version: '5.14.0-427.13.1.el9_4', publisher: 'Rocky Enterprise Software Foundation', source: 'rpm', installedAt: '2024-05-06T12:53:22.000Z', sourceName: 'kernel' },
      { name: 'gpg-pubkey', version: '3228467c-613798eb', publisher: undefined, source: 'rpm', installedAt: '2024-05-06T12:53:23.000Z' },
    ]);
    // A binary whose source package was built at another version-release (a rebuilt subpackage).
    expect(parseRpmQuery('libfoo\t2:1.0-1.el9\tX\t0\tfoo-1.0-2.el9.src.rpm')[0]).toMatchObject({ version: '2:1.0-1.el9', sourceName: 'foo', sourceVersion: '2:1.0-2.el9' });
  });
});
