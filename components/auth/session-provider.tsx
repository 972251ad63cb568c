'use client';

// Holds the signed-in state of the console. On load it exchanges the HTTP-only refresh cookie
// for an access token; the token lives only in memory. `expired` means the session ended while
// a page was open: the page stays mounted (forms keep their input) and ReauthDialog asks the
// person to sign in again; `mfaPending` opens the MFA step-up dialog for a request that needs it.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onAuthStateChange, onMfaPending, refreshAccessToken, setAccessToken, signOutSession } from '@/lib/client/api-client';

type Status = 'loading' | 'signedIn' | 'signedOut' | 'expired';

interface SessionValue {
  status: Status;
  mfaPending: boolean;
  signIn: (accessToken: string) => void;
  signOut: () => Promise<void>;
}

const PUBLIC_PREFIXES = ['/portal', '/billing/invoice/', '/billing/quote/'];

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [mfaPending, setMfaPending] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    // The customer portal has its own cookie session, and a customer's invoice or quote link
    // needs none: there is no console session to restore. (Refreshing there
    // anyway rotated a technician's refresh cookie behind their back.)
    if (PUBLIC_PREFIXES.some((p) => window.location.pathname.startsWith(p))) {
      setStatus('signedOut');
      return;
    }
    const off = onAuthStateChange((state) => setStatus(state));
    const offMfa = onMfaPending(setMfaPending);
    void refreshAccessToken().then((ok) => setStatus((s) => (ok ? 'signedIn' : s === 'expired' ? s : 'signedOut')));
    return () => {
      off();
      offMfa();
    };
  }, []);

  const signIn = useCallback((token: string) => setAccessToken(token), []);
  const signOut = useCallback(async () => {
    await queryClient.cancelQueries();
    await signOutSession();
    queryClient.clear();
  }, [queryClient]);

  return <SessionContext.Provider value={{ status, mfaPending, signIn, signOut }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
