'use client';

// Completes a registration from the emailed link: one POST, then the new admin is signed in
// (access token in memory, refresh token in the HTTP-only cookie the response set) and lands on
// the dashboard, which prompts for the first organization.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZVerifyEmailResponse } from '@/lib/registration/schemas';
import { useSession } from '@/components/auth/session-provider';

type VerifyResponse = Wire<typeof ZVerifyEmailResponse>;

type State = { kind: 'verifying' } | { kind: 'account-ready'; email: string } | { kind: 'failed'; message: string };

export function VerifyEmailView({ token }: { token: string | null }) {
  const router = useRouter();
  const { status, signIn } = useSession();
  const started = useRef(false);
  const [state, setState] = useState<State>({ kind: 'verifying' });

  useEffect(() => {
    // Wait until the session provider's own cookie check is done, so its answer cannot
    // overwrite the session this page is about to start. The token is spent exactly once.
    if (status === 'loading' || started.current) return;
    started.current = true;
    if (!token) {
      setState({ kind: 'failed', message: 'This verification link is incomplete. Open the link from the email again.' });
      return;
    }
    api<VerifyResponse>('/auth/verify-email', { method: 'POST', body: { token } })
      .then((res) => {
        if (res.tokens) {
          signIn(res.tokens.accessToken);
          router.replace('/');
        } else {
          setState({ kind: 'account-ready', email: res.user.email });
        }
      })
      .catch((err: unknown) =>
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : 'Could not reach the server; reload the page to try again.' }),
      );
  }, [status, token, signIn, router]);

  if (state.kind === 'verifying') {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Confirming your email address…
      </p>
    );
  }
  if (state.kind === 'account-ready') {
    return (
      <section role="status" className="space-y-2">
        <h2 className="text-lg font-semibold">Email confirmed</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your account <strong>{state.email}</strong> is ready. You can sign in once a partner or organization administrator invites this address.
        </p>
      </section>
    );
  }
  return (
    <section role="alert" className="space-y-2">
      <h2 className="text-lg font-semibold">We could not confirm this link</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{state.message}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Links work once and expire. If you already finished registering,{' '}
        <Link className="font-medium text-brand-600 hover:underline" href="/login">
          sign in
        </Link>
        ; otherwise{' '}
        <Link className="font-medium text-brand-600 hover:underline" href="/register-partner">
          register again
        </Link>
        .
      </p>
    </section>
  );
}
