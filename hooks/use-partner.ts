'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

export interface Partner {
  id: string;
  name: string;
  slug: string;
  status: string;
  settings: {
    timezone?: string;
    businessHours?: { preset: string; [k: string]: unknown };
    contact?: { name?: string; email?: string; [k: string]: unknown };
    security?: { ipAllowlist?: string[] };
    [k: string]: unknown;
  };
  serviceManagementMode: 'native' | 'external' | 'off';
  billingEmail: string | null;
}

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
