'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZCreatePatchPolicy, ZPatchPolicy, ZUpdatePatchPolicy } from '@/lib/patches/policy-schemas';

export type PatchPolicy = Wire<typeof ZPatchPolicy>;
export type CreatePatchPolicyBody = Partial<Wire<typeof ZCreatePatchPolicy>> & { name: string };
export type UpdatePatchPolicyBody = Wire<typeof ZUpdatePatchPolicy>;

export function usePatchPolicies(params: { orgId?: string; search?: string; page?: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['patch-policies', params], queryFn: () => api<Page<PatchPolicy>>('/patch-policies', { query: { ...params, limit: 50 } }), enabled });
}

function usePolicyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['patch-policies'] }) });
}

export const useCreatePatchPolicy = () => usePolicyMutation((body: CreatePatchPolicyBody) => api<PatchPolicy>('/patch-policies', { method: 'POST', body }));
export const useUpdatePatchPolicy = () =>
  usePolicyMutation(({ id, body }: { id: string; body: UpdatePatchPolicyBody }) => api<PatchPolicy>(`/patch-policies/${id}`, { method: 'PATCH', body }));
export const useDeletePatchPolicy = () => usePolicyMutation((id: string) => api<void>(`/patch-policies/${id}`, { method: 'DELETE' }));
