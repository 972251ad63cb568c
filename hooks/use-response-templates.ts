'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZRenderedResponseTemplate, ZResponseTemplate } from '@/lib/ticket-templates/schemas';

export type ResponseTemplate = Wire<typeof ZResponseTemplate>;

/** The placeholders the API fills (lib/ticket-templates/placeholders.ts), for the editor's help. */
export const PLACEHOLDERS: [string, string][] = [
  ['ticket.number', 'Ticket number'],
  ['ticket.subject', 'Ticket subject'],
  ['ticket.status', 'Status label'],
  ['ticket.priority', 'Priority'],
  ['ticket.dueAt', 'Due date'],
  ['contact.name', 'Requester’s name'],
  ['contact.firstName', 'Requester’s first name'],
  ['contact.email', 'Requester’s email'],
  ['organization.name', 'Organization name'],
  ['partner.name', 'Your company name'],
  ['agent.name', 'Your name'],
  ['agent.email', 'Your email'],
];

export function useResponseTemplates(params: { search?: string; page?: number } = {}, enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['response-templates', 'list', params],
    queryFn: () => api<Page<ResponseTemplate>>('/ticket-response-templates', { query: { page: params.page ?? 1, search: params.search, limit: 50 } }),
    enabled: signedIn && enabled,
  });
}

function useTemplateMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['response-templates'] }) });
}

export const useCreateResponseTemplate = () => useTemplateMutation((body: { name: string; category?: string | null; body: string }) => api<ResponseTemplate>('/ticket-response-templates', { method: 'POST', body }));
export const useUpdateResponseTemplate = () =>
  useTemplateMutation(({ id, ...body }: { id: string; name?: string; category?: string | null; body?: string }) => api<ResponseTemplate>(`/ticket-response-templates/${id}`, { method: 'PATCH', body }));
export const useDeleteResponseTemplate = () => useTemplateMutation((id: string) => api<void>(`/ticket-response-templates/${id}`, { method: 'DELETE' }));

export function useRenderResponseTemplate() {
  return useMutation({ mutationFn: ({ id, ticketId }: { id: string; ticketId: string }) => api<Wire<typeof ZRenderedResponseTemplate>>(`/ticket-response-templates/${id}/render`, { method: 'POST', body: { ticketId } }) });
}
