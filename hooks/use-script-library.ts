'use client';

// The script library around the scripts themselves: categories, tags, templates, the built-in
// system library, usage statistics, cancelling runs and bundles (export / preview / import).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZCategory, ZLibraryScript, ZScript, ZTag, ZUsageStats } from '@/lib/scripts/schemas';
import type { ZBundleImportResult, ZBundlePreview } from '@/lib/scripts/bundles/schemas';
import type { Execution } from '@/hooks/use-scripts';

export type Category = Wire<typeof ZCategory>;
export type Tag = Wire<typeof ZTag>;
export type LibraryScript = Wire<typeof ZLibraryScript>;
export type UsageStats = Wire<typeof ZUsageStats>;

/** Where a new script goes: the partner library or one organization's. */
export type Placement = { availability: 'partner' } | { availability: 'org'; orgId?: string };

export type BundlePreview = Wire<typeof ZBundlePreview>;
export type BundleImportResult = Wire<typeof ZBundleImportResult>;

export type BundleMode = 'skip' | 'rename' | 'new-version';

export function useCategories() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'categories'], queryFn: () => api<{ data: Category[] }>('/script-library/categories').then((r) => r.data), enabled });
}

export function useTags() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'tags'], queryFn: () => api<{ data: Tag[] }>('/script-library/tags').then((r) => r.data), enabled });
}

function useScriptsMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['scripts'] }) });
}

export const useCreateCategory = () => useScriptsMutation((body: { name: string; description?: string | null }) => api<Category>('/script-library/categories', { method: 'POST', body }));
export const useUpdateCategory = () =>
  useScriptsMutation(({ id, ...body }: { id: string; name?: string; description?: string | null }) => api<Category>(`/script-library/categories/${id}`, { method: 'PATCH', body }));
export const useDeleteCategory = () => useScriptsMutation((id: string) => api(`/script-library/categories/${id}`, { method: 'DELETE' }));
export const useCreateTag = () => useScriptsMutation((body: { name: string }) => api<Tag>('/script-library/tags', { method: 'POST', body }));
export const useDeleteTag = () => useScriptsMutation((id: string) => api(`/script-library/tags/${id}`, { method: 'DELETE' }));

export function useTemplates() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'templates'], queryFn: () => api<{ data: LibraryScript[] }>('/script-library/templates').then((r) => r.data), enabled, staleTime: 300_000 });
}

export function useSystemLibrary(params: { osType?: string; search?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'system-library', params], queryFn: () => api<{ data: LibraryScript[] }>('/scripts/system-library', { query: params }).then((r) => r.data), enabled, staleTime: 300_000 });
}

export const useCreateFromTemplate = () =>
  useScriptsMutation(({ templateId, ...body }: { templateId: string; name: string; description?: string | null; category?: string | null } & Placement) =>
    api<Wire<typeof ZScript>>(`/script-library/from-template/${templateId}`, { method: 'POST', body }),
  );

export const useCloneLibraryScript = () =>
  useScriptsMutation(({ id, ...body }: { id: string; name?: string } & Placement) => api<Wire<typeof ZScript>>(`/scripts/import/${id}`, { method: 'POST', body }));

export function useUsageStats(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'usage', id], queryFn: () => api<UsageStats>(`/script-library/scripts/${id}/usage-stats`), enabled, refetchInterval: 20_000 });
}

export const useCancelExecution = () => useScriptsMutation((executionId: string) => api<Execution>(`/scripts/executions/${executionId}/cancel`, { method: 'POST' }));

/** The bundle document of these scripts, as the API wrote it (so the download round-trips exactly). */
export async function exportBundle(ids: string[]): Promise<Blob> {
  const res = await apiFetch('/scripts/bundle/export', { query: { ids: ids.join(',') } });
  return res.blob();
}

export const usePreviewBundle = () =>
  useMutation({ mutationFn: (body: { bundle: unknown } & Placement) => api<BundlePreview>('/scripts/bundle/preview', { method: 'POST', body }) });

export const useImportBundle = () => useScriptsMutation((body: { bundle: unknown; mode: BundleMode } & Placement) => api<BundleImportResult>('/scripts/bundle/import', { method: 'POST', body }));
