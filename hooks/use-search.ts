'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

export interface SearchHit {
  type: 'devices' | 'users' | 'organizations' | 'scripts' | 'alerts';
  id: string;
  title: string;
  subtitle: string | null;
  orgId: string | null;
  url: string;
}

export function useSearch(q: string) {
  const enabled = useSignedIn() && q.trim().length > 0;
  return useQuery({
    queryKey: ['search', q.trim()],
    queryFn: ({ signal }) => api<{ q: string; results: SearchHit[]; searched: string[] }>('/search', { query: { q: q.trim(), limit: 5 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
