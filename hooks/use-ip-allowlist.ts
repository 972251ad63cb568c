'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSession } from '@/components/auth/session-provider';
import type { Wire } from '@/lib/client/json';
import type { ZAllowlistStatus } from '@/lib/security/schemas';

export type AllowlistStatus = Wire<typeof ZAllowlistStatus>;
export type AllowlistVerdict = AllowlistStatus['current'];

export function useIpAllowlistStatus(enabled: boolean) {
  const { status } = useSession();
  return useQuery({
    queryKey: ['ip-allowlist-status'],
    queryFn: () => api<AllowlistStatus>('/orgs/partners/me/ip-allowlist/status'),
    enabled: enabled && status === 'signedIn',
  });
}

/** Tests a candidate list against the caller's address without saving it. */
export function checkProposedAllowlist(entries: string[]) {
  return api<AllowlistStatus>('/orgs/partners/me/ip-allowlist/status', { query: { proposed: entries.join('\n') } });
}

export function useSaveIpAllowlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ipAllowlist: string[]) => api('/orgs/partners/me', { method: 'PATCH', body: { settings: { security: { ipAllowlist } } } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ip-allowlist-status'] }),
  });
}
