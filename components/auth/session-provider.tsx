'use client';

// Holds the signed-in state of the console. On load it exchanges the HTTP-only refresh cookie
// for an access token; the token lives only in memory.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, onAuthChange, refreshAccessToken, setAccessToken } from '@/lib/client/api-client';

type Status = 'loading' | 'signedIn' | 'signedOut';

interface SessionValue {
  status: Status;
  signIn: (accessToken: string) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const queryClient = useQueryClient();

  useEffect(() => {
    // The customer portal has its own cookie session; there is no console session to restore.
    if (window.location.pathname.startsWith('/portal')) {
      setStatus('signedOut');
      return;
    }
    const off = onAuthChange((signedIn) => setStatus(signedIn ? 'signedIn' : 'signedOut'));
    void refreshAccessToken().then((ok) => setStatus(ok ? 'signedIn' : 'signedOut'));
    return () => {
      off();
    };
  }, []);

  const signIn = useCallback((token: string) => setAccessToken(token), []);
  const signOut = useCallback(async () => {
    await api('/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
    setAccessToken(null);
    queryClient.clear();
  }, [queryClient]);

  return <SessionContext.Provider value={{ status, signIn, signOut }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
