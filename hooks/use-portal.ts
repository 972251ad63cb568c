'use client';

// TanStack Query hooks of the customer portal (all under /api/v1/portal, cookie session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/client/portal-client';

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number };
}

export interface PortalTicket {
  id: string;
  number: number;
  subject: string;
  description: string;
  status: 'new' | 'open' | 'pending' | 'on_hold' | 'resolved' | 'closed';
  priority: 'p1' | 'p2' | 'p3' | 'p4';
  type: string;
  requesterName: string | null;
  requesterEmail: string | null;
  mine: boolean;
  assigneeName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PortalAttachment {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  contentUrl: string;
}

export interface PortalComment {
  id: string;
  authorName: string | null;
  fromServiceDesk: boolean;
  mine: boolean;
  content: string;
  createdAt: string;
  attachments: PortalAttachment[];
}

export interface PortalTicketDetail extends PortalTicket {
  comments: Page<PortalComment>;
}

export interface PortalDevice {
  id: string;
  name: string;
  os: string | null;
  model: string | null;
  status: 'online' | 'offline' | 'pending' | 'unknown';
  lastSeenAt: string | null;
  assetTag: string | null;
  site: { id: string; name: string } | null;
}

export interface PortalAsset {
  id: string;
  kind: string;
  name: string;
  assetTag: string | null;
  serialNumber: string | null;
  manufacturer: string | null;
  model: string | null;
  description: string | null;
  available: boolean;
  checkout: { mine: boolean; borrowerName: string | null; checkedOutAt: string; dueBackAt: string | null } | null;
}

export interface PortalProfile {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
  mobile: string | null;
  title: string | null;
  organization: { id: string; name: string };
  site: { id: string; name: string } | null;
  lastLoginAt: string | null;
  passwordChangedAt: string | null;
}

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
