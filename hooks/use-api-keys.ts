'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZApiKey, ZApiKeyWithSecret } from '@/lib/api-keys/schemas';

export type ApiKey = Wire<typeof ZApiKey>;
export type CredentialStatus = ApiKey['status'];
/** Create and rotate answers: the secret is in this response only. */
export type ApiKeyWithSecret = Wire<typeof ZApiKeyWithSecret>;

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
