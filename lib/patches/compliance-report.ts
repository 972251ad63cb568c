// GET /patches/compliance/report[/:id[/download]]: the compliance report of each organization in
// scope, computed from current data when asked (no stored snapshots): the summary, each device
// with the patches it is missing, and the same as CSV or PDF (compliance-report-files.ts).
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgWhere } from '@/lib/tenancy/scope';
import { pdfResponse } from '@/lib/pdf/pdf-response';
import { getPatchCompliance } from '@/lib/patches/get-patch-compliance';
import { listDevicePatches } from '@/lib/patches/list-device-patches';
import type { ZComplianceReport } from '@/lib/patches/schemas';
import { complianceReportCsv, complianceReportPdf } from '@/lib/patches/compliance-report-files';

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

export async function downloadComplianceReport(ctx: ActorContext, orgId: string, format: 'csv' | 'pdf' = 'csv'): Promise<Response> {
  const report = await getComplianceReport(ctx, orgId);
  const filename = `patch-compliance-${report.generatedAt.slice(0, 10)}.${format}`;
  if (format === 'pdf') {
    const res = pdfResponse(await complianceReportPdf(report), filename);
    res.headers.set('content-disposition', `attachment; filename="${filename}"`);
    return res;
  }
  return new Response(complianceReportCsv(report), { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` } });
}
