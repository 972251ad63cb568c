'use client';

// The invitation and reset pages: the token arrives in the link's fragment (never sent to a
// server or in a Referer); the new password is set, then the person is signed in with it.
import Link from 'next/link';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, portalApi } from '@/lib/client/portal-client';
import { accentLink, primaryButton } from '@/components/portal/brand-style';
import { PortalField } from '@/components/portal/portal-field';
import { PasswordStrengthMeter } from '@/components/auth/password-strength-meter';

export function SetPasswordForm({ mode, site, siteQuery }: { mode: 'invite' | 'reset'; site: string; siteQuery: string }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'confirm' | 'token'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setToken(new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token'));
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!token) return;
    if (new FormData(e.currentTarget).get('confirmPassword') !== password) {
      setError({ field: 'confirm', message: 'The passwords do not match' });
      return;
    }
    setBusy(true);
    setError(null);
    let email: string;
    try {
      email = (await portalApi<{ email: string }>('/portal/auth/reset-password', { method: 'POST', body: { token, password } })).email;
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setError({ field: 'token', message: err.message });
      else setError({ field: 'password', message: err instanceof ApiError ? err.message : 'Could not reach the server' });
      return;
    }
    history.replaceState(null, '', window.location.pathname + window.location.search); // drop the used token
    try {
      await portalApi('/portal/auth/login', { method: 'POST', body: { email, password, ...(site ? { site } : {}) } });
      window.location.assign('/portal/tickets');
    } catch {
      window.location.assign(`/portal/login${siteQuery}${siteQuery ? '&' : '?'}reason=password-set`);
    }
  }

  const heading = mode === 'invite' ? 'Activate your account' : 'Choose a new password';
  if (token === undefined) return <p className="text-sm text-slate-500">Checking your link…</p>;
  if (token === null || error?.field === 'token') {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">Link unavailable</h1>
        <p role="alert" className="text-sm text-slate-600">
          {error?.message ?? 'This link is incomplete. Open the link from your email again.'}
        </p>
        <Link className={`${accentLink} text-sm`} href={mode === 'invite' ? `/portal/login${siteQuery}` : `/portal/forgot-password${siteQuery}`}>
          {mode === 'invite' ? 'Go to sign in' : 'Ask for a new link'}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={heading}>
      <div>
        <h1 className="text-2xl font-semibold">{heading}</h1>
        <p className="mt-1 text-sm text-slate-500">{mode === 'invite' ? 'Choose a password to start using the portal.' : 'Your other sessions will be signed out.'}</p>
      </div>
      <PortalField label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => (setPassword(e.target.value), setError(null))} error={error?.field === 'password' ? error.message : undefined} />
      <PasswordStrengthMeter password={password} />
      <PortalField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required error={error?.field === 'confirm' ? error.message : undefined} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? 'Saving…' : mode === 'invite' ? 'Activate account' : 'Set password'}
      </button>
    </form>
  );
}
