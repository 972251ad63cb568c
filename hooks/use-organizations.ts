'use client';

import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZOrganization } from '@/lib/organizations/schemas';
import type { ZSite } from '@/lib/sites/schemas';

export type { Page } from '@/hooks/use-api';

export type Organization = Wire<typeof ZOrganization>;
export type Site = Wire<typeof ZSite>;

export function useOrganizations(params: { page?: number; search?: string; limit?: number } = {}) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['organizations', params],
    queryFn: () => api<Page<Organization>>('/orgs/organizations', { query: { page: params.page ?? 1, limit: params.limit ?? 50, search: params.search } }),
    enabled,
  });
}

/** Every organization the caller can see (up to 100 per page, all pages), for pickers. */
export function useAllOrganizations() {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['organizations', 'all'],
    queryFn: async () => {
      const out: Organization[] = [];
      for (let page = 1; page <= 50; page++) {
        const res = await api<Page<Organization>>('/orgs/organizations', { query: { page, limit: 100 } });
        out.push(...res.data);
        if (out.length >= res.pagination.total || res.data.length === 0) break;
      }
      return out;
    },
    enabled,
    staleTime: 60_000,
  });
}

export function useOrganization(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['organizations', 'one', id], queryFn: () => api<Organization>(`/orgs/organizations/${id}`), enabled });
}

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; timezone?: string; partnerId?: string; status?: string }) => api<Organization>('/orgs/organizations', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizations'] }),
  });
}

export function useUpdateOrganization(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<{ name: string; timezone: string | null; status: string; maxDevices: number | null }>) => api<Organization>(`/orgs/organizations/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizations'] }),
  });
}

export function useDeleteOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/orgs/organizations/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizations'] }),
  });
}

export function useSites(params: { orgId?: string; page?: number }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['sites', params],
    queryFn: () => api<Page<Site>>('/orgs/sites', { query: { orgId: params.orgId, page: params.page ?? 1, limit: 100 } }),
    enabled,
  });
}

export function useCreateSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { orgId: string; name: string; timezone?: string; address?: string; contact?: { name?: string; email?: string; phone?: string } }) => api<Site>('/orgs/sites', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sites'] }),
  });
}

export function useDeleteSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/orgs/sites/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sites'] }),
  });
}

/** After writes outside these hooks (a bulk import): organizations and sites are read again. */
export function useRefreshOrganizationsAndSites() {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['organizations'] });
    void qc.invalidateQueries({ queryKey: ['sites'] });
  }, [qc]);
}
