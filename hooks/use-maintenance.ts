'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZActiveDevice, ZCreateWindow, ZOccurrence, ZUpdateWindow, ZWindow } from '@/lib/maintenance/schemas';

export type MaintenanceWindow = Wire<typeof ZWindow>;
export type MaintenanceOccurrence = Wire<typeof ZOccurrence>;
export type ActiveMaintenanceDevice = Wire<typeof ZActiveDevice>;
/** What the console sends: dates as ISO strings, defaults left to the server. */
type DefaultedWindowField = 'suppressAlerts' | 'suppressPatching' | 'suppressDeployments' | 'suppressReboots' | 'timezone' | 'recurrence';
export type CreateWindowBody = Omit<Wire<typeof ZCreateWindow>, DefaultedWindowField> & Partial<Pick<Wire<typeof ZCreateWindow>, DefaultedWindowField>>;
export type UpdateWindowBody = Wire<typeof ZUpdateWindow>;

// Maintenance changes which devices alert, so the active list refreshes on its own.
const LIVE_MS = 30_000;

export function useMaintenanceWindows(params: { orgId?: string; status?: string; recurrence?: string; search?: string; page?: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['maintenance', 'windows', params], queryFn: () => api<Page<MaintenanceWindow>>('/maintenance/windows', { query: { ...params, limit: 50 } }), enabled, refetchInterval: LIVE_MS });
}

export function useMaintenanceWindow(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['maintenance', 'window', id], queryFn: () => api<MaintenanceWindow>(`/maintenance/windows/${id}`), enabled, refetchInterval: LIVE_MS });
}

export function useWindowOccurrences(id: string, params: { status?: string; page?: number }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['maintenance', 'occurrences', id, params],
    queryFn: () => api<Page<MaintenanceOccurrence>>(`/maintenance/windows/${id}/occurrences`, { query: { ...params, limit: 20 } }),
    enabled,
    refetchInterval: LIVE_MS,
  });
}

export function useActiveMaintenance(params: { orgId?: string; deviceId?: string; search?: string; page?: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['maintenance', 'active', params], queryFn: () => api<Page<ActiveMaintenanceDevice>>('/maintenance/active', { query: { ...params, limit: 50 } }), enabled, refetchInterval: LIVE_MS });
}

function useMaintenanceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['maintenance'] }) });
}

export const useCreateMaintenanceWindow = () => useMaintenanceMutation((body: CreateWindowBody) => api<MaintenanceWindow>('/maintenance/windows', { method: 'POST', body }));
export const useUpdateMaintenanceWindow = (id: string) => useMaintenanceMutation((body: UpdateWindowBody) => api<MaintenanceWindow>(`/maintenance/windows/${id}`, { method: 'PATCH', body }));
export const useDeleteMaintenanceWindow = () => useMaintenanceMutation((id: string) => api<void>(`/maintenance/windows/${id}`, { method: 'DELETE' }));
export const useCancelMaintenanceWindow = () => useMaintenanceMutation((id: string) => api<MaintenanceWindow>(`/maintenance/windows/${id}/cancel`, { method: 'POST' }));
export const useMoveOccurrence = () =>
  useMaintenanceMutation(({ id, action }: { id: string; action: 'start' | 'end' }) => api<MaintenanceOccurrence>(`/maintenance/occurrences/${id}/${action}`, { method: 'POST' }));

/** Every occurrence overlapping [from, to) for the calendar (up to 500: five pages of 100). */
export function useMaintenanceCalendar(params: { orgId?: string; from: string; to: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['maintenance', 'calendar', params],
    queryFn: async () => {
      const all: MaintenanceOccurrence[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await api<Page<MaintenanceOccurrence>>('/maintenance/occurrences', { query: { ...params, page, limit: 100 } });
        all.push(...res.data);
        if (all.length >= res.pagination.total || res.data.length === 0) break;
      }
      return all;
    },
    enabled,
    refetchInterval: LIVE_MS,
  });
}
