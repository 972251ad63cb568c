'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSession } from '@/components/auth/session-provider';

export interface Me {
  id: string;
  email: string;
  name: string;
  mfaEnabled: boolean;
  mfa: boolean;
  scope: 'system' | 'partner' | 'organization';
  partnerId: string | null;
  orgId: string | null;
  permissions: string[];
  role: { id: string; name: string };
  partner: { id: string; name: string; slug: string; status: string } | null;
  organization: { id: string; name: string } | null;
}

export function useMe() {
  const { status } = useSession();
  return useQuery({ queryKey: ['me'], queryFn: () => api<Me>('/users/me'), enabled: status === 'signedIn' });
}
