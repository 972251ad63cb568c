'use client';

// Configuration policies, their stored compliance and the effective policy of a device.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZComplianceStats, ZComplianceSummaryRow, ZCreatePolicy, ZDevicePolicyCompliance, ZEffectivePolicy, ZPolicy, ZReplacePolicy } from '@/lib/policies/schemas';

export type Policy = Wire<typeof ZPolicy>;
export type PolicyCheck = Policy['checks'][number];
export type DevicePolicyCompliance = Wire<typeof ZDevicePolicyCompliance>;
export type ComplianceStats = Wire<typeof ZComplianceStats>;
export type ComplianceSummaryRow = Wire<typeof ZComplianceSummaryRow>;
export type EffectivePolicy = Wire<typeof ZEffectivePolicy>;
export type CreatePolicyBody = z.input<typeof ZCreatePolicy>;
export type ReplacePolicyBody = z.input<typeof ZReplacePolicy>;

export function usePolicies(filters: { search?: string; active?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['policies', 'list', filters], queryFn: () => api<Page<Policy>>('/policies', { query: { limit: 50, ...filters } }), enabled });
}

export function usePolicy(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['policies', 'one', id], queryFn: () => api<Policy>(`/policies/${id}`), enabled });
}

export function useComplianceStats() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['policies', 'stats'], queryFn: () => api<ComplianceStats>('/policies/compliance/stats'), enabled });
}

export function usePolicyCompliance(id: string, params: { status?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['policies', 'compliance', id, params],
    placeholderData: (prev) => prev,
    queryFn: () => api<Page<DevicePolicyCompliance>>(`/policies/${id}/compliance`, { query: { ...params, limit: 50 } }),
    enabled,
  });
}

export function useEffectivePolicy(deviceId: string, allowed: boolean) {
  const enabled = useSignedIn() && allowed;
  return useQuery({ queryKey: ['policies', 'effective', deviceId], queryFn: () => api<EffectivePolicy>(`/devices/${deviceId}/effective-policy`), enabled });
}

export function useDeviceCompliance(deviceId: string, allowed: boolean) {
  const enabled = useSignedIn() && allowed;
  return useQuery({
    queryKey: ['policies', 'device', deviceId],
    queryFn: () => api<{ deviceId: string; status: string | null; policies: DevicePolicyCompliance[] }>(`/policies/compliance/device/${deviceId}`),
    enabled,
  });
}

function usePolicyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['policies'] }) });
}

export const useCreatePolicy = () => usePolicyMutation((body: CreatePolicyBody) => api<Policy>('/policies', { method: 'POST', body }));
export const useReplacePolicy = () => usePolicyMutation(({ id, body }: { id: string; body: ReplacePolicyBody }) => api<Policy>(`/policies/${id}`, { method: 'PUT', body }));
export const useSetPolicyActive = () =>
  usePolicyMutation(({ id, active }: { id: string; active: boolean }) =>
    active ? api<Policy>(`/policies/${id}`, { method: 'PATCH', body: { active: true } }) : api<Policy>(`/policies/${id}/deactivate`, { method: 'POST' }),
  );
export const useDeletePolicy = () => usePolicyMutation((id: string) => api<void>(`/policies/${id}`, { method: 'DELETE' }));
