'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { FilterField, ZFilterCondition } from '@/lib/device-filters/schemas';
import type { ZSavedFilter } from '@/lib/filters/schemas';
import type { Device } from '@/hooks/use-devices';

export type FilterCondition = Wire<typeof ZFilterCondition>;
export type { FilterField };
export type SavedFilter = Wire<typeof ZSavedFilter>;

/**
 * A rule tree while an editor holds it: any operator and value of a field, as the form changes
 * them one at a time. The server checks the combination (lib/device-filters/schemas.ts) when it
 * is saved or previewed.
 */
export type FilterConditionDraft = { field: FilterField; op: string; value?: string | number | boolean | string[]; key?: string };
export type FilterGroupDraft = { match: 'all' | 'any'; conditions: FilterNodeDraft[] };
export type FilterNodeDraft = FilterConditionDraft | FilterGroupDraft;

/** The saved filters the caller sees; `allowed` false (no filters:read) asks nothing. */
export function useSavedFilters(allowed = true) {
  const enabled = useSignedIn() && allowed;
  return useQuery({ queryKey: ['filters', 'list'], queryFn: () => api<Page<SavedFilter>>('/filters', { query: { limit: 200 } }), enabled });
}

/** How many devices (unsaved) rules match, re-asked whenever they change. */
export function useFilterPreview(rules: FilterGroupDraft | null, enabled: boolean) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['filters', 'preview', rules],
    queryFn: ({ signal }) => api<Page<Device>>('/filters/preview', { method: 'POST', body: { rules }, query: { limit: 5 }, signal }),
    enabled: signedIn && enabled && rules !== null,
    retry: false,
    placeholderData: (prev) => prev,
  });
}

function useFilterMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['filters'] });
      await qc.invalidateQueries({ queryKey: ['devices', 'list'] });
    },
  });
}

export type SaveFilterBody = { name: string; description?: string | null; rules: FilterGroupDraft; visibility: 'private' | 'shared' };

export const useCreateFilter = () => useFilterMutation((body: SaveFilterBody) => api<SavedFilter>('/filters', { method: 'POST', body }));
export const useUpdateFilter = () => useFilterMutation(({ id, ...body }: Partial<SaveFilterBody> & { id: string }) => api<SavedFilter>(`/filters/${id}`, { method: 'PATCH', body }));
export const useDeleteFilter = () => useFilterMutation((id: string) => api<void>(`/filters/${id}`, { method: 'DELETE' }));
