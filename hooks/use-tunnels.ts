'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZHttpTicket, ZTunnel } from '@/lib/remote/schemas';

export type Tunnel = Wire<typeof ZTunnel>;

/** Open tunnels, of one device or of every device in scope; refreshed while shown. */
export function useTunnels(deviceId?: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['tunnels', deviceId ?? 'all'],
    queryFn: () => api<{ data: Tunnel[] }>('/tunnels', { query: { deviceId } }),
    enabled,
    refetchInterval: 15_000,
  });
}

export function useCreateTunnel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { deviceId: string; targetHost: string; targetPort: number }) => api<Tunnel>('/tunnels', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tunnels'] }),
  });
}

export function useCloseTunnel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/tunnels/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tunnels'] }),
  });
}

/** Mints the one-time ticket whose URL opens the tunnel's web UI in a browser tab. */
export function useOpenTunnel() {
  return useMutation({
    mutationFn: (id: string) => api<Wire<typeof ZHttpTicket>>(`/tunnels/${id}/http-ticket`, { method: 'POST', body: {} }),
  });
}
