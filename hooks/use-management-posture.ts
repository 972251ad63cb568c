'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZPostureDevice, ZPostureDevices, ZPostureSummary } from '@/lib/posture/schemas';

export interface PostureFilter {
  orgId?: string;
  stalenessDays: number;
}

export type PostureView = 'detected' | 'never-scanned' | 'stale';

type DevicesPage = Wire<typeof ZPostureDevices>;
export type PostureDevice = Wire<typeof ZPostureDevice>;

export function usePostureSummary(filter: PostureFilter) {
  return useQuery({
    queryKey: ['management-posture', 'summary', filter],
    queryFn: () => api<Wire<typeof ZPostureSummary>>('/devices/management-posture/summary', { query: { ...filter } }),
  });
}

export function usePostureDevices(filter: PostureFilter & { product?: string; posture: PostureView }, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['management-posture', 'devices', filter],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api<DevicesPage>('/devices/management-posture/devices', { query: { ...filter, limit: 100, cursor: pageParam } }),
    getNextPageParam: (last) => last.data.nextCursor ?? undefined,
  });
}

/** Every device of a drill-down, following the cursor in pages of 500 (for the CSV export). */
export async function fetchAllPostureDevices(filter: PostureFilter & { product?: string; posture: PostureView }): Promise<PostureDevice[]> {
  const all: PostureDevice[] = [];
  let cursor: string | undefined;
  do {
    const page = await api<DevicesPage>('/devices/management-posture/devices', { query: { ...filter, limit: 500, cursor } });
    all.push(...page.data.devices);
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
