'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

export interface Branding {
  id: string | null;
  level: 'partner' | 'organization';
  partnerId: string;
  orgId: string | null;
  name: string | null;
  customDomain: string | null;
  primaryColor: string | null;
  accentColor: string | null;
  logoUrl: string | null;
  logo: { contentType: string; sizeBytes: number; sha256: string; url: string } | null;
  supportEmail: string | null;
  supportPhone: string | null;
  supportUrl: string | null;
  updatedAt: string | null;
  effective: {
    level: 'default' | 'partner' | 'organization';
    name: string;
    site: string;
    customDomain: string | null;
    logoUrl: string | null;
    colors: { primary: string; primaryText: string; accent: string; accentText: string };
    support: { email: string | null; phone: string | null; url: string | null };
  };
}

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
