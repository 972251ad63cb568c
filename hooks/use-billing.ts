'use client';

// Pieces shared by the billing hooks: bulk results, PDF downloads, device coverage.
import { useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import { attachmentName, saveBlob } from '@/lib/client/format';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZBulkResult, ZDeviceBilling } from '@/lib/billing/schemas';
import type { ZGroup } from '@/lib/device-groups/schemas';

export type BulkResult = Wire<typeof ZBulkResult>;

/** Fetches an authenticated PDF and saves it under the server's file name. */
export async function downloadPdf(path: string, fallbackName: string): Promise<void> {
  const res = await apiFetch(path);
  saveBlob(await res.blob(), attachmentName(res, fallbackName));
}

export type DeviceBilling = Wire<typeof ZDeviceBilling>;

export function useDeviceBilling(deviceId: string, enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['device-billing', deviceId],
    queryFn: () => api<{ data: DeviceBilling }>(`/devices/${deviceId}/billing`).then((r) => r.data),
    enabled: signedIn && enabled,
    retry: false,
  });
}

export type DeviceGroupOption = Pick<Wire<typeof ZGroup>, 'id' | 'name'>;

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
