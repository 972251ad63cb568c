'use client';

// Shared pieces of the console's TanStack Query hooks.
import { useSession } from '@/components/auth/session-provider';
import type { Wire } from '@/lib/client/json';
import type { ZPageOf } from '@/lib/http/common-schemas';

/** One page of a list route (`ZPageOf(item)` on the server). */
export type Page<T> = { data: T[]; pagination: Wire<ReturnType<typeof ZPageOf>>['pagination'] };

/** Queries run only while a session exists (or is being recovered: they wait, not fail). */
export function useSignedIn(): boolean {
  const { status } = useSession();
  return status === 'signedIn' || status === 'expired';
}
