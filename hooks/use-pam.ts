'use client';

// Privileged access management: elevation requests (approve, deny, revoke) and elevation rules.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZCreatePamRule, ZElevationRequest, ZPamRule } from '@/lib/pam/schemas';

export type ElevationRequest = Wire<typeof ZElevationRequest>;
export type PamRule = Wire<typeof ZPamRule>;
export type CreatePamRuleBody = z.input<typeof ZCreatePamRule>;

export function useElevationRequests(filters: { status?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['pam', 'requests', filters], queryFn: () => api<Page<ElevationRequest>>('/pam/elevation-requests', { query: { limit: 50, ...filters } }), enabled, refetchInterval: 10_000 });
}

export function usePamRules(page: number) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['pam', 'rules', page], queryFn: () => api<Page<PamRule>>('/pam/rules', { query: { limit: 50, page } }), enabled });
}

function usePamMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['pam'] }) });
}

export const useRespond = () =>
  usePamMutation(({ id, decision, durationMinutes }: { id: string; decision: 'approve' | 'deny'; durationMinutes?: number }) => api<ElevationRequest>(`/pam/elevation-requests/${id}/respond`, { method: 'POST', body: { decision, durationMinutes } }));
export const useRevoke = () => usePamMutation((id: string) => api<ElevationRequest>(`/pam/elevation-requests/${id}/revoke`, { method: 'POST', body: {} }));
export const useCreatePamRule = () => usePamMutation((body: CreatePamRuleBody) => api<PamRule>('/pam/rules', { method: 'POST', body }));
export const useDeletePamRule = () => usePamMutation((id: string) => api<void>(`/pam/rules/${id}`, { method: 'DELETE' }));
