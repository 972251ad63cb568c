import type { Report, ReportRun } from '@/lib/generated/prisma/client';
import { EMPTY_FILTERS, ZReportConfig, ZReportFilters, type ReportConfig, type ReportFilters, type TReport, type TReportRun } from '@/lib/reports/schemas';

/** Stored JSON read back through its schema (defaults filled for older or partial rows). */
export const filtersOf = (json: unknown): ReportFilters => ZReportFilters.safeParse(json).data ?? EMPTY_FILTERS;
export const configOf = (json: unknown): ReportConfig => ZReportConfig.safeParse(json).data ?? { emailRecipients: [] };

export function toReportDto(r: Report, timezone: string): TReport {
  return {
    id: r.id,
    orgId: r.orgId,
    name: r.name,
    description: r.description,
    type: r.type,
    format: r.format,
    filters: filtersOf(r.filters),
    schedule: r.schedule,
    config: configOf(r.config),
    timezone,
    nextRunAt: r.nextRunAt?.toISOString() ?? null,
    lastRunAt: r.lastRunAt?.toISOString() ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toReportRunDto(r: ReportRun): TReportRun {
  return {
    id: r.id,
    reportId: r.reportId,
    orgId: r.orgId,
    name: r.name,
    type: r.type,
    format: r.format,
    filters: filtersOf(r.filters),
    trigger: r.trigger,
    dueAt: r.dueAt?.toISOString() ?? null,
    status: r.status,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    error: r.error,
    emailRecipients: r.emailRecipients,
    emailedAt: r.emailedAt?.toISOString() ?? null,
    file:
      r.status === 'succeeded' && r.fileName && r.contentType
        ? { name: r.fileName, contentType: r.contentType, sizeBytes: r.sizeBytes ?? 0, rows: r.rowCount, downloadUrl: `/api/v1/reports/runs/${r.id}/download` }
        : null,
    requestedBy: r.requestedBy,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}
