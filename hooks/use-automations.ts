'use client';

// Automations and their runs. A run's list refreshes while one is pending or running.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAutomation, ZAutomationRun, ZCreateAutomation, ZRunAutomation, ZTriggerAutomation, ZUpdateAutomation } from '@/lib/automations/schemas';

export type Automation = Wire<typeof ZAutomation>;
export type AutomationRun = Wire<typeof ZAutomationRun>;
export type CreateAutomationBody = z.input<typeof ZCreateAutomation>;
export type UpdateAutomationBody = z.input<typeof ZUpdateAutomation>;

const LIVE_MS = 2_000;
const live = (runs: AutomationRun[] | undefined) => !!runs?.some((r) => r.status === 'pending' || r.status === 'running');

export function useAutomations(filters: { orgId?: string; triggerType?: string; search?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['automations', 'list', filters], queryFn: () => api<Page<Automation>>('/automations', { query: { limit: 50, ...filters } }), enabled });
}

export function useAutomation(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['automations', 'one', id], queryFn: () => api<Automation>(`/automations/${id}`), enabled });
}

export function useAutomationRuns(id: string, page: number) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['automations', 'runs', id, page],
    queryFn: () => api<Page<AutomationRun>>(`/automations/${id}/runs`, { query: { page, limit: 20 } }),
    enabled,
    refetchInterval: (q) => (live(q.state.data?.data) ? LIVE_MS : false),
  });
}

function useAutomationMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['automations'] }) });
}

export const useCreateAutomation = () => useAutomationMutation((body: CreateAutomationBody) => api<Automation>('/automations', { method: 'POST', body }));
export const useUpdateAutomation = () => useAutomationMutation(({ id, body }: { id: string; body: UpdateAutomationBody }) => api<Automation>(`/automations/${id}`, { method: 'PATCH', body }));
export const useDeleteAutomation = () => useAutomationMutation((id: string) => api<void>(`/automations/${id}`, { method: 'DELETE' }));
export const useRunAutomation = () => useAutomationMutation(({ id, body }: { id: string; body: z.input<typeof ZRunAutomation> }) => api<AutomationRun>(`/automations/${id}/run`, { method: 'POST', body }));
export const useTriggerAutomation = () => useAutomationMutation(({ id, body }: { id: string; body: z.input<typeof ZTriggerAutomation> }) => api<AutomationRun>(`/automations/${id}/trigger`, { method: 'POST', body }));
