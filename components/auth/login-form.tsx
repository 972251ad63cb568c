'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZTokenResponse } from '@/lib/auth/schemas';
import { useSession } from '@/components/auth/session-provider';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

type LoginResponse = Wire<typeof ZTokenResponse>;

/**
 * Password → MFA challenge when the account has MFA. (An account without it lands in the console,
 * whose shell offers enrolment when the server enforces two-factor authentication.)
 */
export function LoginForm() {
  const router = useRouter();
  const next = useSearchParams().get('next');
  const { signIn } = useSession();
  const [step, setStep] = useState<'password' | 'mfa'>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = () => router.replace(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

  async function submitPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const res = await api<LoginResponse>('/auth/login', { method: 'POST', body: { email: form.get('email'), password: form.get('password') } });
      if (res.mfaRequired) {
        // Hold the half-signed-in token without entering the console until the code is checked.
        pendingToken = res.accessToken;
        setStep('mfa');
      } else {
        signIn(res.accessToken);
        finish();
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
      // The account's organization requires SSO: offer its provider's button right away.
      const tenantId = err instanceof ApiError && err.code === 'SSO_REQUIRED' ? (err.details as { tenantId?: unknown }).tenantId : null;
      if (typeof tenantId === 'string') router.replace(`/login?org=${encodeURIComponent(tenantId)}${next ? `&next=${encodeURIComponent(next)}` : ''}`);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/v1/auth/mfa/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pendingToken}` },
        body: JSON.stringify({ code: String(form.get('code') ?? '').replace(/\s/g, '') }),
      });
      const body = await res.json();
      if (!res.ok) throw new ApiError(res.status, body.error?.code ?? 'HTTP_ERROR', body.error?.message ?? 'Verification failed');
      pendingToken = null;
      signIn(body.accessToken);
      finish();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'mfa') {
    return (
      <form onSubmit={submitCode} className="space-y-4" aria-label="Two-factor verification">
        <p className="text-sm text-slate-600 dark:text-slate-400">Enter the 6-digit code from your authenticator app, or a recovery code.</p>
        <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus error={error ?? undefined} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={submitPassword} className="space-y-4" aria-label="Sign in">
      <Field label="Email" name="email" type="email" autoComplete="username" required autoFocus />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={error ?? undefined} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

let pendingToken: string | null = null;
