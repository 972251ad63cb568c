'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';

export type CredentialStatus = 'active' | 'expired' | 'revoked';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: CredentialStatus;
  owner: { id: string; email: string; name: string };
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  rotatedAt: string | null;
  previousSecretExpiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

/** Create and rotate answers: the secret is in this response only. */
export type ApiKeyWithSecret = ApiKey & { key: string };

export function useApiKeys(params: { page: number; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['api-keys', params], queryFn: () => api<Page<ApiKey>>('/api-keys', { query: { ...params, limit: 50 } }), enabled });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: string[]; expiresAt?: string | null }) => api<ApiKeyWithSecret>('/api-keys', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useRotateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, gracePeriodSeconds }: { id: string; gracePeriodSeconds: number }) => api<ApiKeyWithSecret>(`/api-keys/${id}/rotate`, { method: 'POST', body: { gracePeriodSeconds } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
