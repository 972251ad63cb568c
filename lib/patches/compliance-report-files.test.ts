// The report's CSV and PDF from a report built in memory: what a reader extracts from the PDF,
// and that a long table breaks over pages with its header repeated.
import { describe, expect, it } from 'vitest';
import { complianceReportCsv, complianceReportPdf, type ComplianceReport } from '@/lib/patches/compliance-report-files';
import { pdfText } from '../../tests/helpers/pdf';

const ID = '00000000-0000-4000-8000-000000000001';
const summary = { devices: 40, upToDate: 1, missingCritical: 30, failed: 2, missingPatches: 390, compliancePercent: 2.5 };
const report = (devices: ComplianceReport['devices']): ComplianceReport => ({ id: ID, orgId: ID, name: 'Łódź Dental 東京', generatedAt: '2027-01-31T08:05:00.000Z', summary, devices });
const device = (n: number, missing: number) => ({
  deviceId: ID,
  hostname: `host-${n}`,
  upToDate: missing === 0,
  missing: Array.from({ length: missing }, (_, i) => ({ name: `pkg-${n}-${i}`, version: `1.${i}`, severity: 'critical' as const, status: 'available' as const, approvalStatus: 'approved' as const })),
});

describe('compliance report files', { timeout: 60_000 }, () => {
  it('PDF: organization, generation time, summary, and a table over several pages with its header on each', async () => {
    const devices = [device(0, 0), ...Array.from({ length: 39 }, (_, n) => device(n + 1, 10))];
    const text = await pdfText(await complianceReportPdf(report(devices)));
    expect(text).toContain('Łódź Dental 東京');
    expect(text).toContain('Generated 2027-01-31 08:05 UTC');
    expect(text).toMatch(/Missing critical\s*30/);
    expect(text).toContain('pkg-39-9');
    const pages = text.split(/Page \d+ of /).length - 1;
    expect(pages).toBeGreaterThan(3);
    expect(text.match(/Package/g)!.length).toBeGreaterThanOrEqual(pages);
  });

  it('PDF without devices says so; CSV gives a device with nothing missing one row', async () => {
    expect(await pdfText(await complianceReportPdf(report([])))).toContain('No devices in this organization.');
    expect(complianceReportCsv(report([device(1, 0), device(2, 1)])).split('\r\n').slice(1, 3)).toEqual(['Łódź Dental 東京,host-1,yes,,,,,', 'Łódź Dental 東京,host-2,no,pkg-2-0,1.0,critical,available,approved']);
  });
});
