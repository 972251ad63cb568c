'use client';

// Analytics: dashboards and their widgets (each widget's stored query runs through
// POST /analytics/query), capacity, SLA definitions and compliance, the executive summary and
// the OS distribution.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { AnalyticsQueryInput, ZAnalyticsResult } from '@/lib/analytics/query-schemas';
import type { ZCapacity, ZCreateDashboard, ZCreateSla, ZCreateWidget, ZDashboard, ZExecutiveSummary, ZOsDistribution, ZSla, ZSlaCompliance, ZUpdateDashboard, ZUpdateSla, ZUpdateWidget, ZWidget } from '@/lib/analytics/schemas';

export type AnalyticsResult = Wire<typeof ZAnalyticsResult>;
export type Dashboard = Wire<typeof ZDashboard>;
export type Widget = Wire<typeof ZWidget>;
export type Sla = Wire<typeof ZSla>;
export type SlaCompliance = Wire<typeof ZSlaCompliance>;
export type Capacity = Wire<typeof ZCapacity>;
export type ExecutiveSummary = Wire<typeof ZExecutiveSummary>;
export type OsDistribution = Wire<typeof ZOsDistribution>;
export type CreateWidgetBody = z.input<typeof ZCreateWidget>;
export type { AnalyticsQueryInput };

export function useAnalyticsQuery(query: AnalyticsQueryInput | null) {
  const enabled = useSignedIn() && query !== null;
  return useQuery({
    queryKey: ['analytics', 'query', query],
    queryFn: () => api<AnalyticsResult>('/analytics/query', { method: 'POST', body: query }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDashboards(params: { page: number; search?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['analytics', 'dashboards', params], queryFn: () => api<Page<Dashboard>>('/analytics/dashboards', { query: { limit: 50, ...params } }), enabled });
}

export function useDashboard(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['analytics', 'dashboard', id], queryFn: () => api<Dashboard>(`/analytics/dashboards/${id}`), enabled });
}

export function useCapacity(params: { days: number; orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['analytics', 'capacity', params], queryFn: () => api<Capacity>('/analytics/capacity', { query: params }), enabled });
}

export function useSlas() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['analytics', 'sla'], queryFn: () => api<Page<Sla>>('/analytics/sla', { query: { limit: 100 } }), enabled });
}

export function useSlaCompliance(id: string | null, params: { from?: string; to?: string; orgId?: string }) {
  const enabled = useSignedIn() && id !== null;
  return useQuery({ queryKey: ['analytics', 'sla', id, 'compliance', params], queryFn: () => api<SlaCompliance>(`/analytics/sla/${id}/compliance`, { query: params }), enabled });
}

export function useExecutiveSummary(params: { from?: string; to?: string; orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['analytics', 'executive-summary', params], queryFn: () => api<ExecutiveSummary>('/analytics/executive-summary', { query: params }), enabled });
}

export function useOsDistribution(params: { orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['analytics', 'os-distribution', params], queryFn: () => api<OsDistribution>('/analytics/os-distribution', { query: params }), enabled });
}

function useAnalyticsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['analytics'] }) });
}

export const useCreateDashboard = () => useAnalyticsMutation((body: z.input<typeof ZCreateDashboard>) => api<Dashboard>('/analytics/dashboards', { method: 'POST', body }));
export const useUpdateDashboard = () =>
  useAnalyticsMutation(({ id, body }: { id: string; body: z.input<typeof ZUpdateDashboard> }) => api<Dashboard>(`/analytics/dashboards/${id}`, { method: 'PATCH', body }));
export const useDeleteDashboard = () => useAnalyticsMutation((id: string) => api<void>(`/analytics/dashboards/${id}`, { method: 'DELETE' }));
export const useAddWidget = () => useAnalyticsMutation(({ dashboardId, body }: { dashboardId: string; body: CreateWidgetBody }) => api<Widget>(`/analytics/dashboards/${dashboardId}/widgets`, { method: 'POST', body }));
export const useUpdateWidget = () => useAnalyticsMutation(({ id, body }: { id: string; body: z.input<typeof ZUpdateWidget> }) => api<Widget>(`/analytics/widgets/${id}`, { method: 'PATCH', body }));
export const useDeleteWidget = () => useAnalyticsMutation((id: string) => api<void>(`/analytics/widgets/${id}`, { method: 'DELETE' }));
export const useCreateSla = () => useAnalyticsMutation((body: z.input<typeof ZCreateSla>) => api<Sla>('/analytics/sla', { method: 'POST', body }));
export const useUpdateSla = () => useAnalyticsMutation(({ id, body }: { id: string; body: z.input<typeof ZUpdateSla> }) => api<Sla>(`/analytics/sla/${id}`, { method: 'PATCH', body }));
export const useDeleteSla = () => useAnalyticsMutation((id: string) => api<void>(`/analytics/sla/${id}`, { method: 'DELETE' }));
