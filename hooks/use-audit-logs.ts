'use client';

import { useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import { attachmentName, saveBlob } from '@/lib/client/format';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAuditEntry, ZAuditStats, ZComplianceReport, ZSecurityEventsReport, ZUserActivityReport } from '@/lib/audit/schemas';

export type AuditEntry = Wire<typeof ZAuditEntry>;
export type AuditStats = Wire<typeof ZAuditStats>;
export type UserActivityReport = Wire<typeof ZUserActivityReport>;
export type SecurityEventsReport = Wire<typeof ZSecurityEventsReport>;
export type ComplianceReport = Wire<typeof ZComplianceReport>;

/** The filters of every audit read, as the API names them (empty values are left out). */
export interface AuditFilters {
  q?: string;
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  orgId?: string;
  result?: string;
  from?: string;
  to?: string;
}

/** The list, or with `q` the search, newest first. */
export function useAuditLogs(params: { page: number; limit?: number } & AuditFilters) {
  const enabled = useSignedIn();
  const path = params.q ? '/audit-logs/search' : '/audit-logs/logs';
  return useQuery({ queryKey: ['audit-logs', params], queryFn: () => api<Page<AuditEntry>>(path, { query: { limit: 50, ...params } }), enabled });
}

export function useAuditEntry(id: string | null) {
  const enabled = useSignedIn() && !!id;
  return useQuery({ queryKey: ['audit-logs', 'entry', id], queryFn: () => api<AuditEntry>(`/audit-logs/logs/${id}`), enabled });
}

/** Downloads every entry matching the filters; the server streams the file, whatever its size. */
export async function exportAuditLog(filters: AuditFilters, format: 'csv' | 'json'): Promise<void> {
  const body = Object.fromEntries(Object.entries({ ...filters, format }).filter(([, v]) => v !== undefined && v !== ''));
  const res = await apiFetch('/audit-logs/export', { method: 'POST', body });
  saveBlob(await res.blob(), attachmentName(res, `audit-log.${format}`));
}

type Period = Pick<AuditFilters, 'from' | 'to' | 'orgId'>;

export function useAuditStats(period: Period) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['audit-logs', 'stats', period], queryFn: () => api<AuditStats>('/audit-logs/stats', { query: { ...period } }), enabled });
}

export function useUserActivityReport(period: Period) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['audit-logs', 'user-activity', period], queryFn: () => api<UserActivityReport>('/audit-logs/reports/user-activity', { query: { ...period, top: 20 } }), enabled });
}

export function useSecurityEventsReport(period: Period) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['audit-logs', 'security-events', period], queryFn: () => api<SecurityEventsReport>('/audit-logs/reports/security-events', { query: { ...period } }), enabled });
}

export function useComplianceReport(period: Period) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['audit-logs', 'compliance', period], queryFn: () => api<ComplianceReport>('/audit-logs/reports/compliance', { query: { ...period } }), enabled });
}
