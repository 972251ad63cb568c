// Reports as the API returns them, with the time zone each schedule is evaluated in (loaded
// for a whole page at once).
import type { DbOrTx } from '@/lib/db';
import type { Report } from '@/lib/generated/prisma/client';
import { isValidTimeZone } from '@/lib/tenancy/timezone';
import type { TReport } from '@/lib/reports/schemas';
import { configOf, toReportDto } from '@/lib/reports/to-report-dto';

export async function toReportDtos(client: DbOrTx, reports: Report[]): Promise<TReport[]> {
  const orgIds = [...new Set(reports.map((r) => r.orgId).filter((id): id is string => id !== null))];
  const partnerIds = [...new Set(reports.map((r) => r.partnerId))];
  const [orgs, partners] = await Promise.all([
    orgIds.length ? client.organization.findMany({ where: { id: { in: orgIds } }, select: { id: true, timezone: true } }) : [],
    client.partner.findMany({ where: { id: { in: partnerIds } }, select: { id: true, settings: true } }),
  ]);
  const valid = (tz: unknown) => (typeof tz === 'string' && isValidTimeZone(tz) ? tz : undefined);
  return reports.map((r) => {
    const tz =
      configOf(r.config).schedule?.timezone ??
      valid(orgs.find((o) => o.id === r.orgId)?.timezone) ??
      valid((partners.find((p) => p.id === r.partnerId)?.settings as { timezone?: unknown } | null)?.timezone) ??
      'UTC';
    return toReportDto(r, tz);
  });
}

export async function toReportDtoOne(client: DbOrTx, report: Report): Promise<TReport> {
  return (await toReportDtos(client, [report]))[0];
}
