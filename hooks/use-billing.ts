'use client';

// Pieces shared by the billing hooks: bulk results, PDF downloads, device coverage.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiFetch } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { ZBulkResult } from '@/lib/billing/schemas';

export type BulkResult = z.infer<typeof ZBulkResult>;

/** Fetches an authenticated PDF and saves it under the server's file name. */
export async function downloadPdf(path: string, fallbackName: string): Promise<void> {
  const res = await apiFetch(path);
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DeviceBilling {
  deviceId: string;
  hostname: string;
  role: string;
  status: string;
  billable: boolean;
  reason: 'device_not_active' | 'no_active_contract' | 'no_matching_line' | null;
  contract: { id: string; name: string; status: string; currency: string } | null;
  line: { id: string; description: string; deviceSetType: string; unitPrice: string; includedQuantity: number; overageMode: string } | null;
  matchKind: 'organization_wide' | 'site' | 'role' | 'group' | null;
}

export function useDeviceBilling(deviceId: string, enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['device-billing', deviceId],
    queryFn: () => api<{ data: DeviceBilling }>(`/devices/${deviceId}/billing`).then((r) => r.data),
    enabled: signedIn && enabled,
    retry: false,
  });
}

export interface DeviceGroupOption {
  id: string;
  name: string;
}

/** Device groups of one organization, for per-device line pickers. */
export function useOrgGroups(orgId: string | undefined) {
  const enabled = useSignedIn() && !!orgId;
  return useQuery({
    queryKey: ['groups', 'picker', orgId],
    queryFn: () => api<{ data: DeviceGroupOption[] }>('/groups', { query: { orgId, limit: 200 } }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
