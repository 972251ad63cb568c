'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAsset, ZCheckout } from '@/lib/assets/schemas';

export const ASSET_KINDS = ['device', 'monitor', 'phone', 'tablet', 'printer', 'network', 'peripheral', 'license', 'other'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export type AssetCheckout = Wire<typeof ZCheckout>;
export type Asset = Wire<typeof ZAsset>;

// A type alias, not an interface: edit forms diff it with changedFields (Record<string, unknown>).
export type AssetBody = {
  siteId?: string | null;
  kind: AssetKind;
  name: string;
  assetTag?: string | null;
  serialNumber?: string | null;
  manufacturer?: string | null;
  model?: string | null;
  description?: string | null;
  checkoutable: boolean;
};

export interface AssetFilters {
  page: number;
  orgId?: string;
  kind?: string;
  checkedOut?: 'true' | 'false';
  search?: string;
}

export function useAssets(params: AssetFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['assets', 'list', params], queryFn: () => api<Page<Asset>>('/assets', { query: { ...params, limit: 50 } }), enabled });
}

export function useAsset(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['assets', 'one', id], queryFn: () => api<Asset>(`/assets/${id}`), enabled });
}

export function useAssetCheckouts(id: string, page: number) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['assets', 'checkouts', id, page], queryFn: () => api<Page<AssetCheckout>>(`/assets/${id}/checkouts`, { query: { page, limit: 25 } }), enabled });
}

export function useCreateAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetBody & { orgId: string }) => api<Asset>('/assets', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['assets'] }),
  });
}

export function useUpdateAsset(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AssetBody>) => api<Asset>(`/assets/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['assets'] }),
  });
}

export function useDeleteAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/assets/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['assets'] }),
  });
}

export function useCheckinAsset(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<Asset>(`/assets/${id}/checkin`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['assets'] }),
  });
}
