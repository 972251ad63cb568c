'use client';

// Network discovery: profiles, scans (refreshed while one is queued or running), assets and the topology.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAsset, ZAssetMonitoring, ZCreateProfile, ZJob, ZPatchMonitoring, ZProfile, ZTopology, ZUpdateProfile } from '@/lib/discovery/schemas';

export type DiscoveryProfile = Wire<typeof ZProfile>;
export type DiscoveryJob = Wire<typeof ZJob>;
export type DiscoveryAsset = Wire<typeof ZAsset>;
export type Topology = Wire<typeof ZTopology>;
export type AssetMonitoring = Wire<typeof ZAssetMonitoring>;

const LIVE_MS = 2_000;

export function useDiscoveryProfiles(orgId?: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['discovery', 'profiles', orgId], queryFn: () => api<Page<DiscoveryProfile>>('/discovery/profiles', { query: { orgId, limit: 100 } }), enabled });
}

export function useDiscoveryJobs(orgId: string | undefined, page: number) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['discovery', 'jobs', orgId, page],
    queryFn: () => api<Page<DiscoveryJob>>('/discovery/jobs', { query: { orgId, page, limit: 25 } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((j) => j.status === 'queued' || j.status === 'running') ? LIVE_MS : false),
  });
}

export function useDiscoveryAssets(filters: { orgId?: string; status?: string; search?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['discovery', 'assets', filters], queryFn: () => api<Page<DiscoveryAsset>>('/discovery/assets', { query: { limit: 50, ...filters, status: filters.status || undefined, search: filters.search || undefined } }), enabled });
}

export function useTopology(orgId?: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['discovery', 'topology', orgId], queryFn: () => api<Topology>('/discovery/topology', { query: { orgId } }), enabled });
}

/** How a discovered asset is monitored (settings, monitors, SNMP device); idle until `id` is set. */
export function useAssetMonitoring(id: string | null) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['discovery', 'monitoring', id], queryFn: () => api<AssetMonitoring>(`/discovery/assets/${id}/monitoring`), enabled: enabled && id !== null });
}

function useDiscoveryMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}

export const useCreateProfile = () => useDiscoveryMutation((body: z.input<typeof ZCreateProfile>) => api<DiscoveryProfile>('/discovery/profiles', { method: 'POST', body }));
export const useUpdateProfile = () =>
  useDiscoveryMutation(({ id, body }: { id: string; body: z.input<typeof ZUpdateProfile> }) => api<DiscoveryProfile>(`/discovery/profiles/${id}`, { method: 'PATCH', body }));
export const usePatchMonitoring = () =>
  useDiscoveryMutation(({ id, body }: { id: string; body: z.input<typeof ZPatchMonitoring> }) => api<AssetMonitoring>(`/discovery/assets/${id}/monitoring`, { method: 'PATCH', body }));
export const useDeleteProfile = () => useDiscoveryMutation((id: string) => api<void>(`/discovery/profiles/${id}`, { method: 'DELETE' }));
export const useStartScan = () => useDiscoveryMutation((profileId: string) => api<DiscoveryJob>('/discovery/scan', { method: 'POST', body: { profileId } }));
export const useCancelJob = () => useDiscoveryMutation((id: string) => api<DiscoveryJob>(`/discovery/jobs/${id}/cancel`, { method: 'POST' }));

export type AssetAction = 'ignore' | 'unignore' | 'enable-monitoring' | 'disable-monitoring' | 'delete';
/** One action over many assets, one request each; answers how many failed. */
export const useAssetAction = () =>
  useDiscoveryMutation(async ({ action, ids }: { action: AssetAction; ids: string[] }) => {
    const results = await Promise.allSettled(
      ids.map((id) => {
        if (action === 'delete') return api<void>(`/discovery/assets/${id}`, { method: 'DELETE' });
        if (action === 'ignore' || action === 'unignore') return api(`/discovery/assets/${id}/ignore`, { method: 'POST', body: { ignored: action === 'ignore' } });
        return api(`/discovery/assets/${id}/${action}`, { method: 'POST', body: action === 'enable-monitoring' ? {} : undefined });
      }),
    );
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    if (failed.length) throw new Error(`${failed.length} of ${ids.length} failed: ${(failed[0].reason as Error).message}`);
  });
export const useLinkAsset = () => useDiscoveryMutation(({ id, deviceId }: { id: string; deviceId: string | null }) => api<DiscoveryAsset>(`/discovery/assets/${id}/link`, { method: 'POST', body: { deviceId } }));
