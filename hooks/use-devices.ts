'use client';

import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZDevice, ZDeviceCursorPage, ZDeviceInventory, ZDeviceListExtras, ZDeviceMetricPoint, ZDeviceMetrics } from '@/lib/devices/schemas';
import type { ZBulkCommandResponse, ZCommand } from '@/lib/devices/command-schemas';
import type { ZTagList } from '@/lib/tags/schemas';

export type Device = Wire<typeof ZDevice>;

export interface DeviceFilters {
  orgId?: string;
  siteIds?: string;
  status?: string;
  osType?: string;
  tag?: string;
  search?: string;
  /** A saved filter (GET /filters), applied by the server with the others. */
  filterId?: string;
  sort: 'hostname' | 'lastSeen' | 'enrolled';
  sortDir: 'asc' | 'desc';
}

type CursorPage = Wire<typeof ZDeviceCursorPage>;

/**
 * One page of the device list (keyset cursor on the server; '' is the first page). Only the
 * first page asks for the total: counting every match again for each page would cost a scan.
 */
export function useDevicePage(filters: DeviceFilters, cursor: string, limit: number) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['devices', 'list', filters, cursor, limit],
    queryFn: ({ signal }) => api<CursorPage>('/devices', { query: { ...filters, cursor, limit, includeTotal: cursor === '' ? true : undefined }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export type DeviceListExtra = Wire<typeof ZDeviceListExtras>['data'][number];

/** Site names and open alerts of the devices on screen (a small read beside the list page). */
export function useDeviceListExtras(deviceIds: string[]) {
  const enabled = useSignedIn() && deviceIds.length > 0;
  return useQuery({
    queryKey: ['devices', 'list-extras', deviceIds.join(',')],
    queryFn: ({ signal }) => api<Wire<typeof ZDeviceListExtras>>('/devices/list-extras', { query: { deviceIds: deviceIds.join(',') }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    select: (res) => new Map(res.data.map((e) => [e.deviceId, e])),
  });
}

/** The extras of any number of devices, 500 ids a request (for the CSV export of every match). */
export async function fetchDeviceListExtras(deviceIds: string[]): Promise<Map<string, DeviceListExtra>> {
  const out = new Map<string, DeviceListExtra>();
  for (let i = 0; i < deviceIds.length; i += 500) {
    const res = await api<Wire<typeof ZDeviceListExtras>>('/devices/list-extras', { query: { deviceIds: deviceIds.slice(i, i + 500).join(',') } });
    for (const e of res.data) out.set(e.deviceId, e);
  }
  return out;
}

export interface EachOutcome {
  done: number;
  failed: { deviceId: string; message: string }[];
}

/**
 * One write per device for actions the API has no bulk route for (tags, moving organization):
 * a few at a time, reporting progress, each device failing on its own.
 */
export async function forEachDevice(deviceIds: string[], write: (id: string) => Promise<unknown>, onProgress: (o: EachOutcome) => void): Promise<EachOutcome> {
  const out: EachOutcome = { done: 0, failed: [] };
  for (let i = 0; i < deviceIds.length; i += 5) {
    await Promise.all(
      deviceIds.slice(i, i + 5).map(async (id) => {
        try {
          await write(id);
        } catch (err) {
          out.failed.push({ deviceId: id, message: err instanceof Error ? err.message : 'failed' });
        }
        out.done += 1;
        onProgress({ ...out, failed: [...out.failed] });
      }),
    );
  }
  return out;
}

/** Adds a tag to devices (each keeps its other tags). */
export function useTagDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ devices, tag, onProgress }: { devices: Pick<Device, 'id' | 'tags'>[]; tag: string; onProgress: (o: EachOutcome) => void }) => {
      const tagsOf = new Map(devices.map((d) => [d.id, d.tags]));
      return forEachDevice(devices.map((d) => d.id), (id) => api(`/devices/${id}`, { method: 'PATCH', body: { tags: [...new Set([...(tagsOf.get(id) ?? []), tag])] } }), onProgress);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['devices'] });
      void qc.invalidateQueries({ queryKey: ['tags'] });
    },
  });
}

/** Moves devices to another organization of the partner (MFA-gated: the step-up dialog asks once). */
export function useMoveDevicesOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceIds, orgId, onProgress }: { deviceIds: string[]; orgId: string; onProgress: (o: EachOutcome) => void }) =>
      forEachDevice(deviceIds, (id) => api(`/devices/${id}/move-org`, { method: 'POST', body: { orgId } }), onProgress),
    onSettled: () => qc.invalidateQueries({ queryKey: ['devices'] }),
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

/** The newest enrolled devices of an organization, polled while an enrollment one-liner is on screen. */
export function useRecentDevices(orgId: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['devices', 'recent', orgId],
    queryFn: () => api<CursorPage>('/devices', { query: { orgId, cursor: '', sort: 'enrolled', sortDir: 'desc', limit: 10 } }),
    enabled,
    refetchInterval: 3_000,
  });
}

/** The first 20 devices whose name matches, for picking the targets of a script run. */
export function useScriptTargetDevices(orgId: string | null | undefined, search: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['devices', 'pick', orgId, search],
    queryFn: () => api<CursorPage>('/devices', { query: { cursor: '', limit: 20, search: search.trim() || undefined, orgId: orgId ?? undefined } }),
    enabled,
    // Typing keeps the last matches on screen (and choosable) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The first 50 devices by hostname whose name matches, for picking the devices a rule watches. */
export function useRuleTargetDevices(orgId: string | null, search: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['devices', 'picker', orgId, search],
    queryFn: () => api<Page<Device>>('/devices', { query: { orgId: orgId ?? undefined, search: search || undefined, page: 1, limit: 50, sort: 'hostname', sortDir: 'asc' } }),
    enabled,
  });
}

/** Up to 10 devices of a group's organization (and site) whose name matches `q`; idle while `q` is empty. */
export function useGroupCandidateDevices(orgId: string, siteId: string | null, q: string) {
  return useQuery({
    queryKey: ['devices', 'search', orgId, q],
    queryFn: () => api<CursorPage>('/devices', { query: { orgId, siteIds: siteId ?? undefined, search: q, limit: 10, cursor: '' } }),
    enabled: q.length > 0,
  });
}

/** Display names of a few devices by id ('device' for one that cannot be read). */
export function useDeviceNames(deviceIds: string[]) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['devices', 'names', deviceIds.join(',')],
    queryFn: async () => Object.fromEntries(await Promise.all(deviceIds.map(async (d) => [d, await api<Device>(`/devices/${d}`).then((x) => x.displayName ?? x.hostname).catch(() => 'device')]))),
    enabled: enabled && deviceIds.length > 0,
    staleTime: 60_000,
  });
}

export function useDevice(id: string, refetchInterval: number | false = 15_000) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['devices', 'one', id], queryFn: () => api<Device>(`/devices/${id}`), enabled, refetchInterval });
}

export type DeviceInventory = Wire<typeof ZDeviceInventory>;

export function useDeviceInventory(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['devices', 'inventory', id], queryFn: () => api<DeviceInventory>(`/devices/${id}/inventory`), enabled });
}

export type DeviceMetrics = Wire<typeof ZDeviceMetrics>['data'];
export type DeviceMetricPoint = Wire<typeof ZDeviceMetricPoint>;
export type MetricStat = DeviceMetricPoint['cpu'];

/** Ranges the Metrics tab offers, each read at the resolution that gives a readable chart (the
 * server reads each from the tier that holds it: 5-minute buckets, hourly or daily rollups). */
export const METRIC_RANGES = {
  '1h': { label: '1 hour', ms: 3_600_000, interval: '5m', refetch: 30_000 },
  '24h': { label: '24 hours', ms: 86_400_000, interval: '5m', refetch: 60_000 },
  '7d': { label: '7 days', ms: 7 * 86_400_000, interval: '1h', refetch: 300_000 },
  '30d': { label: '30 days', ms: 30 * 86_400_000, interval: '1h', refetch: 900_000 },
  '90d': { label: '90 days', ms: 90 * 86_400_000, interval: '1d', refetch: 3_600_000 },
  '1y': { label: '1 year', ms: 365 * 86_400_000, interval: '1d', refetch: 3_600_000 },
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
      return api<Wire<typeof ZDeviceMetrics>>(`/devices/${id}/metrics`, { query: { from: from.toISOString(), to: to.toISOString(), interval: r.interval }, signal }).then((res) => res.data);
    },
    enabled,
    refetchInterval: r.refetch,
  });
}

export type Command = Wire<typeof ZCommand>;

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
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['devices', 'commands', deviceId] });
      void qc.invalidateQueries({ queryKey: ['devices', 'activity', deviceId] });
    },
  });
}

export type BulkResult = Wire<typeof ZBulkCommandResponse>;

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

export const COMMAND_DONE_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'timed_out', 'cancelled']);

/** The commands of a bulk run, re-read until none is pending or sent. */
export function useBulkCommandProgress(commands: Pick<Command, 'deviceId' | 'id' | 'status'>[]) {
  const ids = commands.map((c) => [c.deviceId, c.id] as const);
  return useQuery({
    queryKey: ['bulk-progress', ids.map(([, id]) => id).join(',')],
    queryFn: async () => {
      const out: Command[] = [];
      // A few at a time: a bulk of hundreds should not open hundreds of requests at once.
      for (let i = 0; i < ids.length; i += 10) out.push(...(await Promise.all(ids.slice(i, i + 10).map(([d, c]) => fetchCommand(d, c)))));
      return out;
    },
    refetchInterval: (q) => (q.state.data && q.state.data.every((c) => COMMAND_DONE_STATUSES.has(c.status)) ? false : 3_000),
  });
}

/** After writes outside these hooks (tag rewrites device by device): tags and devices are read again. */
export function useRefreshDevicesAndTags() {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['tags'] });
    void qc.invalidateQueries({ queryKey: ['devices'] });
  }, [qc]);
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
  return useQuery({ queryKey: ['tags'], queryFn: () => api<Wire<typeof ZTagList>>('/tags'), enabled, staleTime: 60_000 });
}
