'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';

export interface Organization {
  id: string;
  partnerId: string;
  name: string;
  slug: string;
  status: string;
  timezone: string | null;
  createdAt: string;
}

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number };
}

export function useOrganizations(params: { page?: number; search?: string } = {}) {
  return useQuery({
    queryKey: ['organizations', params],
    queryFn: () => api<Page<Organization>>('/orgs/organizations', { query: { page: params.page ?? 1, limit: 50, search: params.search } }),
  });
}

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; timezone?: string; partnerId?: string }) => api<Organization>('/orgs/organizations', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
