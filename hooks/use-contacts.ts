'use client';

import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZContact } from '@/lib/contacts/schemas';

export const CONTACT_ROLES = ['billing', 'technical', 'escalation', 'admin', 'site', 'after_hours', 'portal'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export type Contact = Wire<typeof ZContact>;

// A type alias, not an interface: edit forms diff it with changedFields (Record<string, unknown>).
export type ContactInput = {
  siteId?: string | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  title?: string | null;
  roles?: ContactRole[];
};

export function useContacts(params: { orgId: string; page?: number; search?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['contacts', 'list', params],
    queryFn: () => api<Page<Contact>>('/orgs/contacts', { query: { orgId: params.orgId, page: params.page ?? 1, search: params.search, limit: 50 } }),
    enabled,
  });
}

function useContactMutation<V, R = Contact>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['contacts'] }) });
}

export const useCreateContact = () => useContactMutation((body: ContactInput & { orgId: string }) => api<Contact>('/orgs/contacts', { method: 'POST', body }));
export const useUpdateContact = () => useContactMutation(({ id, ...body }: ContactInput & { id: string }) => api<Contact>(`/orgs/contacts/${id}`, { method: 'PATCH', body }));
export const useDeleteContact = () => useContactMutation((id: string) => api<void>(`/orgs/contacts/${id}`, { method: 'DELETE' }));
export const useInviteContact = () => useContactMutation((id: string) => api<Contact & { inviteExpiresAt: string }>(`/orgs/contacts/${id}/portal-invite`, { method: 'POST' }));
export const useRevokePortalAccess = () => useContactMutation((id: string) => api<Contact>(`/orgs/contacts/${id}/portal-access`, { method: 'DELETE' }));

/** After writes outside these hooks (a contact import): contacts are read again. */
export function useRefreshContacts() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: ['contacts'] }), [qc]);
}
