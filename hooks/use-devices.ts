'use client';

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';

export interface Device {
  id: string;
  partnerId: string;
  orgId: string;
  siteId: string | null;
  agentId: string | null;
  hostname: string;
  displayName: string | null;
  osType: string | null;
  osVersion: string | null;
  architecture: string | null;
  agentVersion: string | null;
  status: 'pending' | 'online' | 'offline' | 'uninstalled' | 'decommissioned';
  tags: string[];
  lastSeenAt: string | null;
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskPercent: number | null;
  uptimeSeconds: number | null;
  lastUser: string | null;
  metrics: Record<string, unknown> | null;
  hardware: Record<string, unknown> | null;
  mainAgentSilentSince: string | null;
  watchdogStatus: string | null;
  enrolledAt: string | null;
  decommissionedAt: string | null;
  createdAt: string;
}

export interface DeviceFilters {
  orgId?: string;
  siteIds?: string;
  status?: string;
  osType?: string;
  tag?: string;
  search?: string;
  sort: 'hostname' | 'lastSeen' | 'enrolled';
  sortDir: 'asc' | 'desc';
}

interface CursorPage {
  devices: Device[];
  nextCursor: string | null;
  limit: number;
  total?: number;
}

export const DEVICE_PAGE_SIZE = 200;

/** Cursor paging (keyset on the server): pages load as the virtualized table scrolls. */
export function useDeviceList(filters: DeviceFilters) {
  const enabled = useSignedIn();
  return useInfiniteQuery({
    queryKey: ['devices', 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api<CursorPage>('/devices', { query: { ...filters, cursor: pageParam, limit: DEVICE_PAGE_SIZE, includeTotal: pageParam === '' ? true : undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Every device matching the filters (for CSV export), page by page. */
export async function fetchAllDevices(filters: DeviceFilters, onProgress?: (n: number) => void): Promise<Device[]> {
  const out: Device[] = [];
  let cursor = '';
  for (;;) {
    const page = await api<CursorPage>('/devices', { query: { ...filters, cursor, limit: 1000 } });
    out.push(...page.devices);
    onProgress?.(out.length);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

export function useDevice(id: string, refetchInterval: number | false = 15_000) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['devices', 'one', id], queryFn: () => api<Device>(`/devices/${id}`), enabled, refetchInterval });
}

export interface DeviceInventory {
  deviceId: string;
  collectedAt: string | null;
  receivedAt: string | null;
  hardware: Record<string, unknown>;
  os: Record<string, unknown>;
  disks: Record<string, unknown>[];
  network: Record<string, unknown>[];
  software: { name: string; version: string | null; publisher: string | null; source: string | null; installedAt: string | null }[];
}

export function useDeviceInventory(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['devices', 'inventory', id], queryFn: () => api<DeviceInventory>(`/devices/${id}/inventory`), enabled });
}

export interface MetricStat {
  avg: number | null;
  max: number | null;
}

export interface DeviceMetricPoint {
  at: string;
  cpu: MetricStat;
  memory: MetricStat;
  disk: MetricStat;
  samples: number;
}

export interface DeviceMetrics {
  deviceId: string;
  interval: '5m' | '1h' | '1d';
  from: string;
  to: string;
  points: DeviceMetricPoint[];
}

/** Ranges the Metrics tab offers, each read at the resolution that gives a readable chart. */
export const METRIC_RANGES = {
  '1h': { label: '1 hour', ms: 3_600_000, interval: '5m', refetch: 30_000 },
  '24h': { label: '24 hours', ms: 86_400_000, interval: '5m', refetch: 60_000 },
  '7d': { label: '7 days', ms: 7 * 86_400_000, interval: '1h', refetch: 300_000 },
} as const;
export type MetricRange = keyof typeof METRIC_RANGES;

/** Stored metric history for the last `range`, re-read periodically (the window slides with it). */
export function useDeviceMetrics(id: string, range: MetricRange) {
  const enabled = useSignedIn();
  const r = METRIC_RANGES[range];
  return useQuery({
    queryKey: ['devices', 'metrics', id, range],
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - r.ms);
      return api<{ data: DeviceMetrics }>(`/devices/${id}/metrics`, { query: { from: from.toISOString(), to: to.toISOString(), interval: r.interval }, signal }).then((res) => res.data);
    },
    enabled,
    refetchInterval: r.refetch,
  });
}

export interface Command {
  id: string;
  deviceId: string;
  orgId: string;
  type: string;
  payload: Record<string, unknown>;
  status: string;
  source: string;
  createdAt: string;
  sentAt: string | null;
  completedAt: string | null;
  exitCode: number | null;
  stdout: string | null;
  stderr: string | null;
  truncated: boolean;
  result: Record<string, unknown> | null;
}

export function useDeviceCommands(id: string, page = 1) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['devices', 'commands', id, page],
    queryFn: () => api<Page<Command>>(`/devices/${id}/commands`, { query: { page, limit: 25 } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === 'pending' || c.status === 'sent') ? 3_000 : 15_000),
  });
}

export type CommandInput =
  | { type: 'refresh_inventory'; payload?: Record<string, never> }
  | { type: 'run_script'; payload: { interpreter: string; script: string; args?: string[]; timeoutSeconds?: number } }
  | { type: 'reboot' | 'shutdown'; payload?: { delaySeconds?: number; reason?: string } }
  | { type: 'self_uninstall'; payload?: Record<string, never> };

export function useSendCommand(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CommandInput) => api<Command>(`/devices/${deviceId}/commands`, { method: 'POST', body: { payload: {}, ...input } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['devices', 'commands', deviceId] }),
  });
}

export interface BulkResult {
  commands: Command[];
  skipped: { deviceId: string; reason: string }[];
  failed: { deviceId: string; code: string; message: string }[];
}

export function useBulkCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CommandInput & { deviceIds: string[] }) => api<BulkResult>('/devices/bulk/commands', { method: 'POST', body: { payload: {}, ...input } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['devices'] }),
  });
}

/** Status of a set of commands (bulk progress): re-read each device's recent commands. */
export async function fetchCommand(deviceId: string, commandId: string): Promise<Command> {
  return api<Command>(`/devices/${deviceId}/commands/${commandId}`);
}

export function useUpdateDevice(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<{ displayName: string | null; tags: string[]; siteId: string | null }>) => api<Device>(`/devices/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['devices'] }),
  });
}

export function useDecommissionDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/devices/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['devices'] }),
  });
}

export function useTags() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['tags'], queryFn: () => api<{ data: { tag: string; deviceCount: number }[] }>('/tags'), enabled, staleTime: 60_000 });
}
