'use client';

// Plugins: the catalogue, one manifest, the partner's installations (install, configure,
// enable, disable, uninstall) and an installation's logs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZInstalledPlugin, ZPluginInstallation, ZPluginLogEntry, ZPluginManifest } from '@/lib/plugins/schemas';

export type PluginManifest = Wire<typeof ZPluginManifest>;
export type PluginInstallation = Wire<typeof ZPluginInstallation>;
export type InstalledPlugin = Wire<typeof ZInstalledPlugin>;
export type PluginLogEntry = Wire<typeof ZPluginLogEntry>;

const KEY = ['plugins'] as const;

export function usePluginCatalog() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'catalog'], queryFn: () => api<{ data: PluginManifest[] }>('/plugins/catalog'), enabled });
}

export function usePluginManifest(slug: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'catalog', slug], queryFn: () => api<PluginManifest>(`/plugins/catalog/${encodeURIComponent(slug)}`), enabled });
}

export function usePluginInstallations() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'installations'], queryFn: () => api<Page<PluginInstallation>>('/plugins/installations', { query: { limit: 100 } }), enabled });
}

export function usePluginInstallation(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'installations', id], queryFn: () => api<PluginInstallation>(`/plugins/installations/${id}`), enabled });
}

export function usePluginLogs(id: string, filters: { page: number; kind?: 'api_call' | 'delivery' }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: [...KEY, 'logs', id, filters],
    placeholderData: (prev) => prev,
    queryFn: () => api<Page<PluginLogEntry>>(`/plugins/installations/${id}/logs`, { query: { limit: 25, ...filters } }),
    enabled,
  });
}

export function useInstallPlugin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { slug: string; consent: { scopes: string[]; events: string[] }; config: Record<string, unknown> }) =>
      api<InstalledPlugin>('/plugins/installations', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'installations'] }),
  });
}

export function useConfigurePlugin(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (config: Record<string, unknown>) => api<PluginInstallation>(`/plugins/installations/${id}`, { method: 'PATCH', body: { config } }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'installations'] }),
  });
}

export function useSetPluginStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'enable' | 'disable') => api<PluginInstallation>(`/plugins/installations/${id}/${action}`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY] }),
  });
}

export function useUninstallPlugin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/plugins/installations/${id}`, { method: 'DELETE' }),
    // The list only: the removed installation's own page is being left, not read again.
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'installations'], exact: true }),
  });
}
