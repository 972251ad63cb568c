'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import { attachmentName, saveBlob } from '@/lib/client/format';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZBulkDecisionResult, ZCompliance, ZComplianceReportList, ZCreateJobResponse, ZDevicePatch, ZPatch, ZPatchJob, ZScanResponse } from '@/lib/patches/schemas';

export type Patch = Wire<typeof ZPatch>;
export type DevicePatch = Wire<typeof ZDevicePatch>;
export type PatchJob = Wire<typeof ZPatchJob>;
export type PatchCompliance = Wire<typeof ZCompliance>;
export type ComplianceReportSummary = Wire<typeof ZComplianceReportList>['data'][number];
export type JobOutcome = Wire<typeof ZCreateJobResponse>;
export type ScanOutcome = Wire<typeof ZScanResponse>;

// Scans and jobs finish on the agents' schedule, so the lists refresh on their own.
const LIVE_MS = 15_000;

type Filters = Record<string, string | number | undefined>;

export function usePatches(params: Filters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['patches', 'list', params], queryFn: () => api<Page<Patch>>('/patches', { query: { ...params, limit: 50 } }), enabled, refetchInterval: LIVE_MS });
}

export function useDevicePatches(params: Filters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['patches', 'devices', params], queryFn: () => api<Page<DevicePatch>>('/patches/devices', { query: { ...params, limit: 100 } }), enabled, refetchInterval: LIVE_MS });
}

export function usePatchJobs(params: Filters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['patches', 'jobs', params], queryFn: () => api<Page<PatchJob>>('/patches/jobs', { query: { ...params, limit: 20 } }), enabled, refetchInterval: LIVE_MS });
}

export function usePatchCompliance(params: { orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['patches', 'compliance', params], queryFn: () => api<PatchCompliance>('/patches/compliance', { query: params }), enabled, refetchInterval: LIVE_MS });
}

/** One compliance report per organization in scope (what the download picker offers). */
export function useComplianceReports(enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['patches', 'compliance', 'reports'], queryFn: () => api<Wire<typeof ZComplianceReportList>>('/patches/compliance/report'), enabled: signedIn && enabled });
}

/** Saves an organization's compliance report as CSV or PDF under the name the server gives it. */
export async function downloadComplianceReport(orgId: string, format: 'csv' | 'pdf'): Promise<void> {
  const res = await apiFetch(`/patches/compliance/report/${orgId}/download`, { query: { format } });
  saveBlob(await res.blob(), attachmentName(res, `patch-compliance.${format}`));
}

function usePatchMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['patches'] }) });
}

export type DecisionInput = { patchIds: string[]; action: 'approve' | 'decline' | 'defer'; until?: string; orgIds?: string[] };
export const usePatchDecision = () =>
  usePatchMutation((body: DecisionInput) => api<Wire<typeof ZBulkDecisionResult>>('/patches/bulk-approve', { method: 'POST', body }));
export const usePatchScan = () => usePatchMutation((deviceIds: string[]) => api<ScanOutcome>('/patches/scan', { method: 'POST', body: { deviceIds } }));
export const useInstallPatches = () =>
  usePatchMutation((body: { deviceIds: string[]; patchIds?: string[]; schedule: 'now' | 'next_window' }) => api<JobOutcome>('/patches/jobs', { method: 'POST', body }));
export const useRollbackPatch = () => usePatchMutation(({ patchId, deviceIds }: { patchId: string; deviceIds?: string[] }) => api<JobOutcome>(`/patches/${patchId}/rollback`, { method: 'POST', body: deviceIds ? { deviceIds } : {} }));
