'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZBranding } from '@/lib/portal/branding/schemas';

export type Branding = Wire<typeof ZBranding>;

export type BrandingInput = Partial<Record<'name' | 'customDomain' | 'primaryColor' | 'accentColor' | 'logoUrl' | 'supportEmail' | 'supportPhone' | 'supportUrl', string | null>>;

/** `orgId` null: the partner's own branding; otherwise that organization's overrides. */
export function brandingPath(orgId: string | null): string {
  return orgId ? `/orgs/organizations/${orgId}/portal-branding` : '/orgs/partners/me/portal-branding';
}

export function useBranding(orgId: string | null, enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['branding', orgId ?? 'partner'], queryFn: () => api<Branding>(brandingPath(orgId)), enabled: signedIn && enabled });
}

function useBrandingMutation<V>(orgId: string | null, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  // Organization levels inherit from the partner's, so every cached level may change.
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['branding'] }) });
}

export const useUpdateBranding = (orgId: string | null) => useBrandingMutation(orgId, (body: BrandingInput) => api<Branding>(brandingPath(orgId), { method: 'PATCH', body }));
export const useResetBranding = (orgId: string) => useBrandingMutation(orgId, () => api<void>(brandingPath(orgId), { method: 'DELETE' }));
export const useUploadLogo = (orgId: string | null) =>
  useBrandingMutation(orgId, (file: File) => {
    const form = new FormData();
    form.set('file', file);
    return api<Branding>(`${brandingPath(orgId)}/logo`, { method: 'PUT', form });
  });
export const useDeleteLogo = (orgId: string | null) => useBrandingMutation(orgId, () => api<Branding>(`${brandingPath(orgId)}/logo`, { method: 'DELETE' }));
