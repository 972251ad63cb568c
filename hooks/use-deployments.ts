'use client';

// Deployments: software, patches or a script rolled out to targeted devices, all at once or in
// batches. The lists refresh on their own while a deployment runs and stop once it is finished.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { z } from 'zod';
import type { ZCreateDeployment, ZDeployment, ZDeploymentDevice, ZUpdateDeployment } from '@/lib/deployments/schemas';

export type Deployment = Wire<typeof ZDeployment>;
export type DeploymentDevice = Wire<typeof ZDeploymentDevice>;
export type DeploymentStatus = Deployment['status'];
export type DeploymentDeviceStatus = DeploymentDevice['status'];
export type CreateDeploymentBody = z.input<typeof ZCreateDeployment>;
export type UpdateDeploymentBody = z.input<typeof ZUpdateDeployment>;
export type DeploymentAction = 'initialize' | 'start' | 'pause' | 'resume' | 'cancel';

export const TERMINAL_DEPLOYMENT: readonly DeploymentStatus[] = ['completed', 'failed', 'cancelled'];
export const RETRYABLE_DEVICE: readonly DeploymentDeviceStatus[] = ['failed', 'expired', 'cancelled'];

// A running rollout moves as agents report; a few seconds keeps the bar honest without load.
const LIVE_MS = 3_000;
const isLive = (s: DeploymentStatus | undefined) => s === 'running' || s === 'ready' || s === 'paused';

export type DeploymentFilters = { status?: string; kind?: string; orgId?: string; search?: string; packageId?: string; page: number; limit?: number };

export function useDeployments(filters: DeploymentFilters) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['deployments', 'list', filters],
    queryFn: () => api<Page<Deployment>>('/deployments', { query: { limit: 50, ...filters } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((d) => isLive(d.status)) ? LIVE_MS : false),
  });
}

export function useDeployment(id: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['deployments', 'one', id],
    queryFn: () => api<Deployment>(`/deployments/${id}`),
    enabled,
    refetchInterval: (q) => (isLive(q.state.data?.status) ? LIVE_MS : false),
  });
}

/** `stamp` (the deployment's updatedAt) only keys the cache: a change of the deployment refetches the rows. */
export function useDeploymentDevices(id: string, params: { status?: string; batch?: number; page: number }, { live, stamp }: { live: boolean; stamp: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['deployments', 'devices', id, params, stamp],
    placeholderData: (prev) => prev,
    queryFn: () => api<Page<DeploymentDevice>>(`/deployments/${id}/devices`, { query: { ...params, limit: 50 } }),
    enabled,
    refetchInterval: live ? LIVE_MS : false,
  });
}

function useDeploymentMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['deployments'] }) });
}

export const useCreateDeployment = () => useDeploymentMutation((body: CreateDeploymentBody) => api<Deployment>('/deployments', { method: 'POST', body }));
export const useUpdateDeployment = () =>
  useDeploymentMutation(({ id, body }: { id: string; body: UpdateDeploymentBody }) => api<Deployment>(`/deployments/${id}`, { method: 'PATCH', body }));
export const useDeleteDeployment = () => useDeploymentMutation((id: string) => api<void>(`/deployments/${id}`, { method: 'DELETE' }));
export const useDeploymentAction = () =>
  useDeploymentMutation(({ id, action }: { id: string; action: DeploymentAction }) => api<Deployment>(`/deployments/${id}/${action}`, { method: 'POST' }));
export const useRetryDeploymentDevice = () =>
  useDeploymentMutation(({ id, deviceId }: { id: string; deviceId: string }) => api<DeploymentDevice>(`/deployments/${id}/devices/${deviceId}/retry`, { method: 'POST' }));
