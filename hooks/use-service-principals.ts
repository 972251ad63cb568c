'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZServicePrincipal, ZServicePrincipalWithKey } from '@/lib/partner-api/schemas';

export type ServicePrincipal = Wire<typeof ZServicePrincipal>;

// A type alias, not an interface: edit forms diff it with changedFields (Record<string, unknown>).
export type ServicePrincipalInput = {
  name: string;
  description?: string | null;
  scopes: string[];
  expiresAt: string | null;
  allowedCidrs: string[];
  writeLimitPerHour: number;
  orgIds: string[] | null;
};

export function useServicePrincipals(params: { page: number; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['service-principals', params], queryFn: () => api<Page<ServicePrincipal>>('/service-principals', { query: { ...params, limit: 50 } }), enabled });
}

export function useCreateServicePrincipal() {
  const qc = useQueryClient();
  return useMutation({
    // Create takes no null orgIds: omitted means every organization.
    mutationFn: ({ orgIds, description, ...rest }: ServicePrincipalInput) =>
      api<Wire<typeof ZServicePrincipalWithKey>>('/service-principals', { method: 'POST', body: { ...rest, ...(description ? { description } : {}), ...(orgIds ? { orgIds } : {}) } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['service-principals'] }),
  });
}

export function useUpdateServicePrincipal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<ServicePrincipalInput> & { id: string }) => api<ServicePrincipal>(`/service-principals/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['service-principals'] }),
  });
}

export function useRevokeServicePrincipal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/service-principals/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['service-principals'] }),
  });
}
