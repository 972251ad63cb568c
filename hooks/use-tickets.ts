'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAttachment, ZComment, ZTicket } from '@/lib/tickets/schemas';

export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['p1', 'p2', 'p3', 'p4'] as const;
export const TICKET_TYPES = ['incident', 'service_request', 'problem', 'change', 'question'] as const;

export type Ticket = Wire<typeof ZTicket>;
export type Attachment = Wire<typeof ZAttachment>;
export type TicketComment = Wire<typeof ZComment>;

export interface TicketFilters {
  page: number;
  orgId?: string;
  status?: string;
  priority?: string;
  search?: string;
  assigneeId?: string;
}

export function useTickets(filters: TicketFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['tickets', 'list', filters], queryFn: () => api<Page<Ticket>>('/tickets', { query: { ...filters, limit: 50 } }), enabled });
}

export function useTicket(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['tickets', 'one', id], queryFn: () => api<Ticket>(`/tickets/${id}`), enabled });
}

export function useTicketComments(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['tickets', 'comments', id], queryFn: () => api<Page<TicketComment>>(`/tickets/${id}/comments`, { query: { limit: 200 } }), enabled, refetchInterval: 30_000 });
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { orgId?: string; subject: string; description?: string; priority?: string; type?: string; requesterEmail?: string | null }) => api<Ticket>('/tickets', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

export function useUpdateTicket(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<{ status: string; priority: string; assigneeId: string | null; subject: string }>) => api<Ticket>(`/tickets/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

export function useUploadAttachment(ticketId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<Attachment>(`/tickets/${ticketId}/attachments`, { method: 'POST', form });
    },
  });
}

export function useAddComment(ticketId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; visibility: 'public' | 'internal'; attachmentIds: string[] }) => api<TicketComment>(`/tickets/${ticketId}/comments`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
