'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { z } from 'zod';
import type { ZCreateThirdPartyApp, ZListThirdPartyAppsQuery, ZThirdPartyApp, ZThirdPartyAppDetail, ZThirdPartyAppTest, ZUpdateThirdPartyApp } from '@/lib/third-party-catalog/schemas';

export type ThirdPartyApp = Wire<typeof ZThirdPartyApp>;
export type ThirdPartyAppDetail = Wire<typeof ZThirdPartyAppDetail>;
export type ThirdPartyAppTest = Wire<typeof ZThirdPartyAppTest>;
export type CreateThirdPartyAppBody = Wire<typeof ZCreateThirdPartyApp>;
export type UpdateThirdPartyAppBody = Wire<typeof ZUpdateThirdPartyApp>;

export type ThirdPartyFilters = Omit<z.input<typeof ZListThirdPartyAppsQuery>, 'page' | 'limit'> & { page: number };

const KEY = 'third-party-catalog';

export function useThirdPartyCatalog(filters: ThirdPartyFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: [KEY, 'list', filters], queryFn: () => api<Page<ThirdPartyApp>>('/third-party-catalog', { query: { ...filters, limit: 50 } }), enabled });
}

/** One entry; polled while a smoke test is still waiting for its result. */
export function useThirdPartyApp(id: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: () => api<ThirdPartyAppDetail>(`/third-party-catalog/${id}`),
    enabled: enabled && Boolean(id),
    refetchInterval: (q) => (q.state.data?.recentTests.some((t) => t.status === 'queued' || t.status === 'running') ? 5000 : false),
  });
}

function useCatalogMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }) });
}

export const useCreateThirdPartyApp = () => useCatalogMutation((body: CreateThirdPartyAppBody) => api<ThirdPartyAppDetail>('/third-party-catalog', { method: 'POST', body }));
export const useUpdateThirdPartyApp = () =>
  useCatalogMutation(({ id, body }: { id: string; body: UpdateThirdPartyAppBody }) => api<ThirdPartyAppDetail>(`/third-party-catalog/${id}`, { method: 'PATCH', body }));
export const useDeleteThirdPartyApp = () => useCatalogMutation((id: string) => api<void>(`/third-party-catalog/${id}`, { method: 'DELETE' }));
export const useRunThirdPartyTest = () =>
  useCatalogMutation(({ id, version }: { id: string; version: string }) => api<ThirdPartyAppTest>(`/third-party-catalog/${id}/test`, { method: 'POST', body: { version } }));
