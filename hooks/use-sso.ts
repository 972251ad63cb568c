'use client';

// Single sign-on: the providers editor of the settings page and the login page's availability check.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZSsoCheck, ZSsoDomain, ZSsoPreset, ZSsoProvider } from '@/lib/sso/schemas';

export type SsoProvider = Wire<typeof ZSsoProvider>;
export type SsoPreset = Wire<typeof ZSsoPreset>;
export type SsoCheck = Wire<typeof ZSsoCheck>;
export type SsoDomain = Wire<typeof ZSsoDomain>;
export type SsoProviderInput = Partial<Omit<SsoProvider, 'id' | 'partnerId' | 'clientSecretSet' | 'domains' | 'redirectUri' | 'loginUrl' | 'lastLoginAt' | 'createdAt' | 'updatedAt' | 'test'>> & { clientSecret?: string };

export function useSsoProviders() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['sso', 'providers'], queryFn: () => api<{ data: SsoProvider[] }>('/sso/providers'), enabled });
}

export function useSsoPresets() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['sso', 'presets'], queryFn: () => api<{ data: SsoPreset[] }>('/sso/presets'), enabled, staleTime: Infinity });
}

export function useSaveSsoProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SsoProviderInput }) =>
      id ? api<SsoProvider>(`/sso/providers/${id}`, { method: 'PATCH', body }) : api<SsoProvider>('/sso/providers', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sso', 'providers'] }),
  });
}

export function useDeleteSsoProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/sso/providers/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sso', 'providers'] }),
  });
}

/** Asks the service to look up a domain's TXT record now. */
export function useVerifySsoDomain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, domain }: { providerId: string; domain: string }) =>
      api<SsoDomain>(`/sso/providers/${providerId}/domains/${encodeURIComponent(domain)}/verify`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sso', 'providers'] }),
  });
}

export function useTestSsoProvider() {
  return useMutation({ mutationFn: (id: string) => api<SsoProvider>(`/sso/providers/${id}`, { query: { test: 'true' } }) });
}

/** Whether "Sign in with SSO" applies to an organization, partner, address or domain (no session needed). */
export function checkSso(key: string): Promise<SsoCheck> {
  return api<SsoCheck>(`/sso/check/${encodeURIComponent(key)}`, { noRecovery: true });
}

export function useSsoCheck(key: string | null) {
  return useQuery({ queryKey: ['sso', 'check', key], queryFn: () => checkSso(key!), enabled: !!key, retry: false });
}
