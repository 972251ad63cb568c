'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZBulkResult, ZCveDevices, ZFinding, ZRemediateResult, ZSoftwareGroupList, ZTicketsResult, ZVulnerabilityList, ZVulnerabilityStats } from '@/lib/vulnerabilities/schemas';

export type Vulnerability = Wire<typeof ZVulnerabilityList>['data'][number];
export type SoftwareGroup = Wire<typeof ZSoftwareGroupList>['data'][number];
export type Finding = Wire<typeof ZFinding>;
export type RemediateOutcome = Wire<typeof ZRemediateResult>;

type Filters = Record<string, string | number | undefined>;

export function useVulnerabilities(params: Filters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['vulnerabilities', 'list', params], queryFn: () => api<Wire<typeof ZVulnerabilityList>>('/vulnerabilities', { query: { ...params, limit: 50 } }), enabled });
}

export function useVulnerableSoftware(params: Filters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['vulnerabilities', 'software', params], queryFn: () => api<Wire<typeof ZSoftwareGroupList>>('/vulnerabilities/software', { query: { ...params, limit: 50 } }), enabled });
}

export function useVulnerabilityStats(params: { orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['vulnerabilities', 'stats', params], queryFn: () => api<Wire<typeof ZVulnerabilityStats>>('/vulnerabilities/stats', { query: params }), enabled });
}

export function useCveDevices(cveId: string, params: Filters) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['vulnerabilities', 'cve', cveId, params],
    queryFn: () => api<Wire<typeof ZCveDevices>>(`/vulnerabilities/${encodeURIComponent(cveId)}/devices`, { query: { ...params, limit: 200 } }),
    enabled,
    retry: false,
  });
}

function useVulnMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['vulnerabilities'] }) });
}

export type FindingAction = { id: string; kind: 'accept-risk'; reason: string; expiresAt: string } | { id: string; kind: 'mitigate'; note: string } | { id: string; kind: 'reopen' };
export const useFindingAction = () =>
  useVulnMutation(({ id, kind, ...body }: FindingAction) => api<Finding>(`/vulnerabilities/${id}/${kind}`, { method: 'POST', body: kind === 'reopen' ? undefined : body }));

export type Selection = { cveId?: string; groupKey?: string; findingIds?: string[] };
export const useRemediate = () => useVulnMutation((body: Selection) => api<RemediateOutcome>('/vulnerabilities/remediate', { method: 'POST', body }));
export const useVulnerabilityTickets = () => useVulnMutation((body: Selection) => api<Wire<typeof ZTicketsResult>>('/vulnerabilities/tickets', { method: 'POST', body }));
export const useBulkAcceptRisk = () =>
  useVulnMutation((body: Selection & { reason: string; expiresAt: string }) => api<Wire<typeof ZBulkResult>>('/vulnerabilities/bulk/accept-risk', { method: 'POST', body }));
export const useBulkMitigate = () => useVulnMutation((body: Selection & { note: string }) => api<Wire<typeof ZBulkResult>>('/vulnerabilities/bulk/mitigate', { method: 'POST', body }));
