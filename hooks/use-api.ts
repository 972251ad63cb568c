'use client';

// Shared pieces of the console's TanStack Query hooks.
import { useSession } from '@/components/auth/session-provider';

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number };
}

/** Queries run only while a session exists (or is being recovered: they wait, not fail). */
export function useSignedIn(): boolean {
  const { status } = useSession();
  return status === 'signedIn' || status === 'expired';
}
