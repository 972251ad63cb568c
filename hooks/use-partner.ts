'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZPartner } from '@/lib/partners/schemas';

export type Partner = Wire<typeof ZPartner>;

export function useMyPartner(enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['partner', 'me'], queryFn: () => api<Partner>('/orgs/partners/me'), enabled: signedIn && enabled });
}

export function useUpdateMyPartner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<{ name: string; billingEmail: string | null; settings: Partner['settings']; serviceManagementMode: Partner['serviceManagementMode'] }>) =>
      api<Partner>('/orgs/partners/me', { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['partner'] }),
  });
}
