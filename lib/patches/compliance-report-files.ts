// The compliance report as files: CSV with one row per missing patch per device, and a PDF
// (lib/pdf) headed by the organization, generation time and summary figures over the same table,
// whose header repeats on every page. Pure: the report is computed in compliance-report.ts.
import type { z } from 'zod';
import { toCsv } from '@/lib/csv';
import { COLORS, PdfDocument } from '@/lib/pdf/document';
import type { ZComplianceReport } from '@/lib/patches/schemas';

export type ComplianceReport = z.infer<typeof ZComplianceReport>;

/** One row per missing patch per device; a device with nothing missing gets one row. */
function reportRows(report: ComplianceReport): { device: string; upToDate: string; cells: string[] }[] {
  return report.devices.flatMap((d) => {
    const upToDate = d.upToDate ? 'yes' : 'no';
    return d.missing.length ? d.missing.map((m) => ({ device: d.hostname, upToDate, cells: [m.name, m.version, m.severity, m.status, m.approvalStatus] })) : [{ device: d.hostname, upToDate, cells: ['', '', '', '', ''] }];
  });
}

export function complianceReportCsv(report: ComplianceReport): string {
  const rows = reportRows(report).map((r) => [report.name, r.device, r.upToDate, ...r.cells]);
  return toCsv(['organization', 'device', 'up_to_date', 'package', 'version', 'severity', 'state', 'approval'], rows);
}

/** "2027-01-31 08:00 UTC": stated in UTC so every reader of the file sees the same time. */
function utcStamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function complianceReportPdf(report: ComplianceReport): Promise<Buffer> {
  const title = 'Patch compliance report';
  const pdf = new PdfDocument({ title: `${title}: ${report.name}`, footer: `${report.name} · ${title} · ${utcStamp(report.generatedAt)}` });
  pdf.title(title, `Generated ${utcStamp(report.generatedAt)}`);
  const s = report.summary;
  pdf.keyValues([
    ['Organization', report.name],
    ['Devices', String(s.devices)],
    ['Up to date', `${s.upToDate} (${s.compliancePercent}% compliant)`],
    ['Missing critical', String(s.missingCritical)],
    ['Failed installs', String(s.failed)],
    ['Missing patches', String(s.missingPatches)],
  ]);
  pdf.space(8);
  if (report.devices.length === 0) {
    pdf.paragraph('No devices in this organization.', { color: COLORS.muted });
    return pdf.toBuffer();
  }
  pdf.table(
    [
      { header: 'Device' },
      { header: 'Up to date', width: 52 },
      { header: 'Package' },
      { header: 'Version', width: 80 },
      { header: 'Severity', width: 55 },
      { header: 'State', width: 50 },
      { header: 'Approval', width: 55 },
    ],
    reportRows(report).map((r) => [r.device, r.upToDate, ...r.cells]),
    { size: 8 },
  );
  return pdf.toBuffer();
}
