import { describe, expect, it } from 'vitest';
import { MANAGEMENT_PRODUCTS, PRODUCT_SLUG } from '@/lib/posture/products';
import { FINGERPRINTS, detectProducts } from '@/agent/src/posture-fingerprints';
import { parseScQuery } from '@/agent/src/posture';

describe('management-product fingerprints', () => {
  it('cover at least a dozen products, each in the server catalogue', () => {
    expect(FINGERPRINTS.length).toBeGreaterThanOrEqual(12);
    for (const fp of FINGERPRINTS) {
      expect(MANAGEMENT_PRODUCTS[fp.product], fp.product).toBeDefined();
      expect(fp.product).toMatch(PRODUCT_SLUG);
      expect((fp.packages?.length ?? 0) + (fp.services?.length ?? 0) + (fp.files?.length ?? 0)).toBeGreaterThan(0);
    }
    expect(new Set(FINGERPRINTS.map((f) => f.product)).size).toBe(FINGERPRINTS.length);
  });

  it('detects by package, service or path; a running service makes it active', () => {
    const files = new Set(['C:\\Windows\\LTSvc', '/opt/screenconnect-*']);
    const found = detectProducts({
      packages: [{ name: 'teamviewer', version: '15.48.4' }, { name: 'bash', version: '5.2' }],
      services: [
        { name: 'teamviewerd', running: true },
        { name: 'AteraAgent', running: false },
        { name: 'ssh', running: true },
      ],
      exists: (p) => files.has(p),
    });
    const by = Object.fromEntries(found.map((f) => [f.product, f]));
    expect(Object.keys(by).sort()).toEqual(['atera', 'connectwise-automate', 'connectwise-screenconnect', 'teamviewer']);
    expect(by.teamviewer).toMatchObject({ status: 'active', version: '15.48.4', evidence: [{ kind: 'package', value: 'teamviewer' }, { kind: 'service', value: 'teamviewerd' }] });
    expect(by.atera.status).toBe('installed');
    expect(by['connectwise-automate'].evidence).toEqual([{ kind: 'file', value: 'C:\\Windows\\LTSvc' }]);
    expect(detectProducts({ packages: [{ name: 'openssh-server' }], services: [{ name: 'cron', running: true }], exists: () => false })).toEqual([]);
  });

  it('reads Windows services from sc.exe output', () => {
    const out = 'SERVICE_NAME: LTService\r\nDISPLAY_NAME: LabTech Agent\r\n        TYPE               : 10  WIN32_OWN_PROCESS\r\n        STATE              : 4  RUNNING\r\n\r\nSERVICE_NAME: AnyDesk\r\nDISPLAY_NAME: AnyDesk Service\r\n        STATE              : 1  STOPPED\r\n';
    const services = parseScQuery(out);
    expect(services).toContainEqual({ name: 'LTService', running: true });
    expect(services).toContainEqual({ name: 'AnyDesk', running: false });
    const found = detectProducts({ packages: [], services, exists: () => false });
    expect(found.map((f) => [f.product, f.status])).toEqual([['anydesk', 'installed'], ['connectwise-automate', 'active']]);
  });
});
