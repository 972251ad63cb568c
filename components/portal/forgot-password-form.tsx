'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiError, portalApi } from '@/lib/client/portal-client';
import { accentLink, primaryButton } from '@/components/portal/brand-style';
import { PortalField } from '@/components/portal/portal-field';

export function ForgotPasswordForm({ site, siteQuery }: { site: string; siteQuery: string }) {
  const [state, setState] = useState<{ sent?: string; error?: string; busy?: boolean }>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = new FormData(e.currentTarget).get('email');
    setState({ busy: true });
    try {
      const res = await portalApi<{ message: string }>('/portal/auth/forgot-password', { method: 'POST', body: { email, ...(site ? { site } : {}) } });
      setState({ sent: res.message });
    } catch (err) {
      setState({ error: err instanceof ApiError ? err.message : 'Could not reach the server' });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Reset password">
      <h1 className="text-2xl font-semibold">Forgot your password?</h1>
      {state.sent ? (
        <p role="status" className="text-sm text-slate-600">
          {state.sent}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">Enter your email address and we will send you a link to choose a new password.</p>
          <PortalField label="Email" name="email" type="email" autoComplete="username" required />
          {state.error && (
            <p role="alert" className="text-sm text-red-600">
              {state.error}
            </p>
          )}
          <button type="submit" className={`${primaryButton} w-full`} disabled={state.busy}>
            Send reset link
          </button>
        </>
      )}
      <p className="text-center text-sm">
        <Link className={accentLink} href={`/portal/login${siteQuery}`}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
