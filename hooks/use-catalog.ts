'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { TCatalogItem } from '@/lib/catalog/schemas';

export type CatalogItem = TCatalogItem;
export type CatalogItemType = TCatalogItem['type'];
// A type alias, not an interface: edit forms diff it with changedFields (Record<string, unknown>).
export type CatalogItemInput = {
  name: string;
  sku: string | null;
  description: string;
  type: CatalogItemType;
  active: boolean;
  prices: { currency: string; unitPrice: string }[];
};

export function useCatalog(params: { page?: number; search?: string; type?: string; active?: string; limit?: number }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['catalog', 'list', params],
    queryFn: () => api<Page<CatalogItem>>('/catalog', { query: { page: params.page ?? 1, limit: params.limit ?? 50, search: params.search, type: params.type, active: params.active } }),
    enabled,
  });
}

export function useCatalogItem(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['catalog', 'one', id], queryFn: () => api<{ data: CatalogItem }>(`/catalog/${id}`).then((r) => r.data), enabled });
}

export function useCreateCatalogItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogItemInput) => api<{ data: CatalogItem }>('/catalog', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['catalog'] }),
  });
}

export function useUpdateCatalogItem(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CatalogItemInput>) => api<{ data: CatalogItem }>(`/catalog/${id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['catalog'] }),
  });
}

export function useDeleteCatalogItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/catalog/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['catalog'] }),
  });
}
