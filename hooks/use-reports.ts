'use client';

// Reports: saved definitions with their schedules and recipients, "generate now", and the run
// history with downloads. The run list refreshes itself while a run is queued or running.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import { attachmentName, saveBlob } from '@/lib/client/format';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { z } from 'zod';
import type { ZCreateReport, ZReport, ZReportRun, ZUpdateReport } from '@/lib/reports/schemas';

export type Report = Wire<typeof ZReport>;
export type ReportRun = Wire<typeof ZReportRun>;
export type CreateReportBody = z.input<typeof ZCreateReport>;
export type UpdateReportBody = z.input<typeof ZUpdateReport>;

const LIVE_MS = 2_000;
const isLive = (r: ReportRun) => r.status === 'queued' || r.status === 'running';

export function useReports(filters: { type?: string; orgId?: string; search?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['reports', 'list', filters], queryFn: () => api<Page<Report>>('/reports', { query: { limit: 50, ...filters } }), enabled });
}

export function useReportRuns(filters: { reportId?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['reports', 'runs', filters],
    queryFn: () => api<Page<ReportRun>>('/reports/runs', { query: { limit: 25, ...filters } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some(isLive) ? LIVE_MS : false),
  });
}

function useReportMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['reports'] }) });
}

export const useCreateReport = () => useReportMutation((body: CreateReportBody) => api<Report>('/reports', { method: 'POST', body }));
export const useUpdateReport = () => useReportMutation(({ id, body }: { id: string; body: UpdateReportBody }) => api<Report>(`/reports/${id}`, { method: 'PUT', body }));
export const useDeleteReport = () => useReportMutation((id: string) => api<void>(`/reports/${id}`, { method: 'DELETE' }));
export const useGenerateReport = () => useReportMutation((id: string) => api<ReportRun>(`/reports/${id}/generate`, { method: 'POST', body: {} }));

/** Fetches a run's file with the session's credentials and saves it under the server's name. */
export async function downloadReportRun(run: ReportRun): Promise<void> {
  const res = await apiFetch(`/reports/runs/${run.id}/download`);
  saveBlob(await res.blob(), attachmentName(res, run.file?.name ?? 'report'));
}
