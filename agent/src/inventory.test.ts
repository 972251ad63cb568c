import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { collectInventory, parseApkInstalled } from './inventory';

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
