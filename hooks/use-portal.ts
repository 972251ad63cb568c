'use client';

// TanStack Query hooks of the customer portal (all under /api/v1/portal, cookie session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/client/portal-client';
import type { Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZPortalAttachment, ZPortalComment, ZPortalTicket, ZPortalTicketDetail } from '@/lib/portal/tickets/schemas';
import type { ZPortalDevice } from '@/lib/portal/devices/schemas';
import type { ZPortalAsset } from '@/lib/portal/assets/schemas';
import type { ZPortalProfile } from '@/lib/portal/profile/schemas';

export type { Page } from '@/hooks/use-api';
export type PortalTicket = Wire<typeof ZPortalTicket>;
export type PortalAttachment = Wire<typeof ZPortalAttachment>;
export type PortalComment = Wire<typeof ZPortalComment>;
export type PortalTicketDetail = Wire<typeof ZPortalTicketDetail>;
export type PortalDevice = Wire<typeof ZPortalDevice>;
export type PortalAsset = Wire<typeof ZPortalAsset>;
export type PortalProfile = Wire<typeof ZPortalProfile>;

export function usePortalTickets(params: { page: number; status: string; mine: boolean; search: string }) {
  return useQuery({
    queryKey: ['portal', 'tickets', params],
    queryFn: () => portalApi<Page<PortalTicket>>('/portal/tickets', { query: { page: params.page, status: params.status, mine: params.mine ? 'true' : undefined, search: params.search, limit: 25 } }),
    placeholderData: keepPreviousData,
  });
}

/** The conversation refreshes on its own, so a reply from the service desk shows up without a reload. */
export function usePortalTicket(id: string) {
  return useQuery({
    queryKey: ['portal', 'ticket', id],
    queryFn: () => portalApi<PortalTicketDetail>(`/portal/tickets/${id}`, { query: { limit: 200 } }),
    refetchInterval: 5_000,
  });
}

export function useCreatePortalTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => portalApi<PortalTicket>('/portal/tickets', { method: 'POST', body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['portal', 'tickets'] }),
  });
}

export function useAddPortalComment(ticketId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => portalApi<PortalComment>(`/portal/tickets/${ticketId}/comments`, { method: 'POST', body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['portal', 'ticket', ticketId] }),
  });
}

export function usePortalDevices(search: string) {
  return useQuery({ queryKey: ['portal', 'devices', search], queryFn: () => portalApi<Page<PortalDevice>>('/portal/devices', { query: { search, limit: 100 } }), placeholderData: keepPreviousData });
}

export function usePortalAssets(filter: { available?: boolean; mine?: boolean }) {
  return useQuery({
    queryKey: ['portal', 'assets', filter],
    queryFn: () => portalApi<Page<PortalAsset>>('/portal/assets', { query: { available: filter.available === undefined ? undefined : String(filter.available), mine: filter.mine ? 'true' : undefined, limit: 100 } }),
    placeholderData: keepPreviousData,
  });
}

export function useAssetMove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (move: { id: string; action: 'checkout' | 'checkin'; dueBackAt?: string | null }) =>
      portalApi<PortalAsset>(`/portal/assets/${move.id}/${move.action}`, { method: 'POST', body: move.action === 'checkout' ? (move.dueBackAt ? { dueBackAt: move.dueBackAt } : {}) : undefined }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['portal', 'assets'] }),
  });
}

export function usePortalProfile() {
  return useQuery({ queryKey: ['portal', 'profile'], queryFn: () => portalApi<PortalProfile>('/portal/profile') });
}

export function useUpdatePortalProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Pick<PortalProfile, 'name' | 'phone' | 'mobile' | 'title'>>) => portalApi<PortalProfile>('/portal/profile', { method: 'PATCH', body }),
    onSuccess: (profile) => qc.setQueryData(['portal', 'profile'], profile),
  });
}
