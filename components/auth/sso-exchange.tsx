'use client';

// The landing page of an SSO sign-in: the callback put a one-time code in the URL fragment
// (never sent to a server); it is exchanged for the console's session, then removed from the
// address bar and history before moving on.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZTokenResponse } from '@/lib/auth/schemas';
import { useSession } from '@/components/auth/session-provider';

type TokenResponse = Wire<typeof ZTokenResponse>;

export function SsoExchange() {
  const router = useRouter();
  const { signIn, status } = useSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // After the console's own session restore has settled: its late answer would otherwise
    // mark the fresh sign-in as signed out.
    if (started.current || status === 'loading') return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    const returnTo = new URLSearchParams(window.location.search).get('returnTo');
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setError('This sign-in link is incomplete.');
      return;
    }
    api<TokenResponse>('/sso/exchange', { method: 'POST', body: { code }, noRecovery: true })
      .then((res) => {
        signIn(res.accessToken);
        router.replace(returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/');
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not reach the server'));
  }, [router, signIn, status]);

  if (!error) return <p className="text-sm text-slate-500" role="status">Completing single sign-on…</p>;
  return (
    <div className="space-y-3">
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{error}</p>
      <Link className="text-sm font-medium text-brand-600 hover:underline" href="/login">Back to sign in</Link>
    </div>
  );
}
