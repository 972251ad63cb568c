'use client';

// Partners as the platform (system scope) sees them: /orgs/partners. A partner's own settings
// page uses hooks/use-partner.ts (/orgs/partners/me) instead.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZPartner } from '@/lib/partners/schemas';

export const PARTNER_STATUSES = ['pending', 'active', 'suspended', 'churned', 'offboarding'] as const;
export const PARTNER_TYPES = ['msp', 'enterprise', 'internal'] as const;
export const PARTNER_PLANS = ['free', 'starter', 'community', 'pro', 'enterprise', 'unlimited'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export type PlatformPartner = Wire<typeof ZPartner>;

// A type alias, not an interface: edit forms diff it with changedFields (Record<string, unknown>).
export type PartnerBody = {
  name: string;
  slug: string;
  type: string;
  plan: string;
  maxOrganizations: number | null;
  maxDevices: number | null;
  billingEmail: string | null;
};

export function usePartners(params: { page: number; status?: string; search?: string }, enabledFor = true) {
  const enabled = useSignedIn() && enabledFor;
  return useQuery({ queryKey: ['partners', 'list', params], queryFn: () => api<Page<PlatformPartner>>('/orgs/partners', { query: { ...params, limit: 50 } }), enabled });
}

export function usePlatformPartner(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['partners', 'one', id], queryFn: () => api<PlatformPartner>(`/orgs/partners/${id}`), enabled });
}

function usePartnersMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['partners'] }) });
}

export const useCreatePartner = () => usePartnersMutation((body: PartnerBody & { status: string }) => api<PlatformPartner>('/orgs/partners', { method: 'POST', body }));
export const useUpdatePartner = (id: string) => usePartnersMutation((body: Partial<PartnerBody> & { status?: PartnerStatus }) => api<PlatformPartner>(`/orgs/partners/${id}`, { method: 'PATCH', body }));
export const useDeletePartner = () => usePartnersMutation((id: string) => api(`/orgs/partners/${id}`, { method: 'DELETE' }));
