'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZSearchHit, ZSearchResult } from '@/lib/search/schemas';

export type SearchHit = Wire<typeof ZSearchHit>;

export function useSearch(q: string) {
  const enabled = useSignedIn() && q.trim().length > 0;
  return useQuery({
    queryKey: ['search', q.trim()],
    queryFn: ({ signal }) => api<Wire<typeof ZSearchResult>>('/search', { query: { q: q.trim(), limit: 5 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
