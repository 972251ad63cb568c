'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZMcpCatalog } from '@/lib/mcp/schemas';

export type McpCatalog = Wire<typeof ZMcpCatalog>;

export function useMcpCatalog() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['mcp', 'catalog'], queryFn: () => api<McpCatalog>('/mcp/catalog'), enabled, staleTime: 5 * 60_000 });
}
