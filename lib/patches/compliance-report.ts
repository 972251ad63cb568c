// GET /patches/compliance/report[/:id[/download]]: the compliance report of each organization in
// scope, computed from current data when asked (no stored snapshots): the summary, each device
// with the patches it is missing, and the same as CSV or as a paged PDF (lib/pdf).
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgWhere } from '@/lib/tenancy/scope';
import { toCsv } from '@/lib/csv';
import { COLORS, PdfDocument } from '@/lib/pdf/document';
import { pdfResponse } from '@/lib/pdf/pdf-response';
import { getPatchCompliance } from '@/lib/patches/get-patch-compliance';
import { listDevicePatches } from '@/lib/patches/list-device-patches';
import type { ZComplianceReport } from '@/lib/patches/schemas';

const MAX_ROWS = 5000;

export async function listComplianceReports(ctx: ActorContext) {
  const compliance = await getPatchCompliance(ctx, { by: 'organization', limit: 500 });
  const generatedAt = new Date().toISOString();
  return { data: compliance.rows.map(({ id, name, orgId, ...summary }) => ({ id, orgId, name, generatedAt, summary })) };
}

export async function getComplianceReport(ctx: ActorContext, orgId: string): Promise<z.infer<typeof ZComplianceReport>> {
  const org = await db.organization.findFirst({ where: { AND: [{ id: orgId }, orgWhere(ctx)] }, select: { id: true, name: true } });
  if (!org) throw notFound('Report');
  const [compliance, perDevice, patches] = await Promise.all([
    getPatchCompliance(ctx, { orgId, by: 'organization', limit: 1 }),
    getPatchCompliance(ctx, { orgId, by: 'device', limit: 500 }),
    listDevicePatches(ctx, { orgId, page: 1, limit: MAX_ROWS }),
  ]);
  const missing = patches.data.filter((p) => (p.status === 'available' || p.status === 'failed') && p.approvalStatus !== 'declined');
  return {
    id: org.id,
    orgId: org.id,
    name: org.name,
    generatedAt: new Date().toISOString(),
    summary: compliance.summary,
    devices: perDevice.rows.map((d) => ({
      deviceId: d.id,
      hostname: d.name,
      upToDate: d.upToDate === 1,
      missing: missing.filter((p) => p.deviceId === d.id).map((p) => ({ name: p.name, version: p.version, severity: p.severity, status: p.status, approvalStatus: p.approvalStatus })),
    })),
  };
}

type Report = z.infer<typeof ZComplianceReport>;

/** One row per missing patch per device; a device with nothing missing gets one row. */
function reportRows(report: Report): { device: string; upToDate: string; cells: string[] }[] {
  return report.devices.flatMap((d) => {
    const upToDate = d.upToDate ? 'yes' : 'no';
    return d.missing.length ? d.missing.map((m) => ({ device: d.hostname, upToDate, cells: [m.name, m.version, m.severity, m.status, m.approvalStatus] })) : [{ device: d.hostname, upToDate, cells: ['', '', '', '', ''] }];
  });
}

function reportCsv(report: Report): string {
  const rows = reportRows(report).map((r) => [report.name, r.device, r.upToDate, ...r.cells]);
  return toCsv(['organization', 'device', 'up_to_date', 'package', 'version', 'severity', 'state', 'approval'], rows);
}

/** "2027-01-31 08:00 UTC": the server's clock, stated in UTC so every reader sees the same time. */
function utcStamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function reportPdf(report: Report): Promise<Buffer> {
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

export async function downloadComplianceReport(ctx: ActorContext, orgId: string, format: 'csv' | 'pdf' = 'csv'): Promise<Response> {
  const report = await getComplianceReport(ctx, orgId);
  const filename = `patch-compliance-${report.generatedAt.slice(0, 10)}.${format}`;
  if (format === 'pdf') {
    const res = pdfResponse(await reportPdf(report), filename);
    res.headers.set('content-disposition', `attachment; filename="${filename}"`);
    return res;
  }
  return new Response(reportCsv(report), { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` } });
}
