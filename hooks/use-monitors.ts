'use client';

// Network monitors over /api/v1/monitors: list, dashboard, create/edit, test, check now, results.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZCheckNowResult, ZCheckResult, ZDashboard, ZMonitor, ZResultPage } from '@/lib/monitors/schemas';
import type { Alert } from '@/hooks/use-alerts';

export const MONITOR_KINDS = ['http', 'tcp', 'dns', 'tls'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];
export const MONITOR_KIND_LABELS: Record<MonitorKind, string> = { http: 'HTTP(S)', tcp: 'TCP port', dns: 'DNS', tls: 'TLS certificate' };

export type Monitor = Wire<typeof ZMonitor>;
export type CheckResult = Wire<typeof ZCheckResult>;
export type MonitorDashboard = Wire<typeof ZDashboard>;

export interface MonitorBody {
  name: string;
  kind?: MonitorKind;
  config: Record<string, unknown>;
  intervalSeconds: number;
  timeoutMs: number;
  enabled: boolean;
  severity: Alert['severity'];
  failureThreshold: number;
  orgId?: string;
}

export function useMonitors(params: { page: number; orgId?: string; kind?: string; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['monitors', 'list', params], queryFn: () => api<Page<Monitor>>('/monitors', { query: { ...params, limit: 50 } }), enabled, refetchInterval: 30_000 });
}

export function useMonitorDashboard(orgId?: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['monitors', 'dashboard', orgId], queryFn: () => api<MonitorDashboard>('/monitors/dashboard', { query: { orgId } }), enabled, refetchInterval: 30_000 });
}

export function useMonitor(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['monitors', 'one', id], queryFn: () => api<Monitor>(`/monitors/${id}`), enabled, refetchInterval: 30_000 });
}

export function useMonitorResults(id: string, page: number) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['monitors', 'results', id, page], queryFn: () => api<Wire<typeof ZResultPage>>(`/monitors/${id}/results`, { query: { page, limit: 25 } }), enabled });
}

/** `allowed`: the caller has alerts:read (monitors themselves need only devices:read). */
export function useMonitorAlerts(id: string, allowed: boolean) {
  const enabled = useSignedIn() && allowed;
  return useQuery({ queryKey: ['monitors', 'alerts', id], queryFn: () => api<Page<Alert>>(`/monitors/${id}/alerts`, { query: { limit: 10 } }), enabled });
}

/** Open alerts raised by any monitor in scope (newest first). */
export function useOpenMonitorAlerts(orgId: string | undefined, allowed: boolean) {
  const enabled = useSignedIn() && allowed;
  return useQuery({
    queryKey: ['monitors', 'open-alerts', orgId],
    queryFn: () => api<Page<Alert>>('/monitors/alerts', { query: { orgId, status: 'active,acknowledged,suppressed', limit: 10 } }),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useSaveMonitor(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<MonitorBody>) => (id ? api<Monitor>(`/monitors/${id}`, { method: 'PATCH', body }) : api<Monitor>('/monitors', { method: 'POST', body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['monitors'] }),
  });
}

export function useDeleteMonitor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api(`/monitors/${id}`, { method: 'DELETE' }), onSuccess: () => qc.invalidateQueries({ queryKey: ['monitors'] }) });
}

/** "Test" is a dry run (nothing stored); "check now" records the result and moves the alert. */
export function useMonitorCheck(id: string) {
  const qc = useQueryClient();
  const test = useMutation({ mutationFn: () => api<CheckResult>(`/monitors/${id}/test`, { method: 'POST' }) });
  const check = useMutation({
    mutationFn: () => api<Wire<typeof ZCheckNowResult>>(`/monitors/${id}/check`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['monitors'] }),
  });
  return { test, check };
}
