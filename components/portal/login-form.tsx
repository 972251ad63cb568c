'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiError, portalApi } from '@/lib/client/portal-client';
import { accentLink, primaryButton } from '@/components/portal/brand-style';
import { PortalField } from '@/components/portal/portal-field';
import { safeNext } from '@/lib/portal/safe-next';


export function PortalLoginForm({ site, siteQuery, next, notice }: { site: string; siteQuery: string; next?: string; notice?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await portalApi('/portal/auth/login', { method: 'POST', body: { email: form.get('email'), password: form.get('password'), ...(site ? { site } : {}) } });
      // A full navigation: the next page renders on the server with the session's branding.
      window.location.assign(safeNext(next));
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Sign in">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      {notice && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {notice}
        </p>
      )}
      <PortalField label="Email" name="email" type="email" autoComplete="username" required />
      <PortalField label="Password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="text-center text-sm">
        <Link className={accentLink} href={`/portal/forgot-password${siteQuery}`}>
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
