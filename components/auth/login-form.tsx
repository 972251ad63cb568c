'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/client/api-client';
import { useSession } from '@/components/auth/session-provider';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

interface LoginResponse {
  accessToken: string;
  mfaRequired: boolean;
}

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
      signIn(res.accessToken);
      if (res.mfaRequired) setStep('mfa');
      else finish();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
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
      const res = await api<{ accessToken: string }>('/auth/mfa/verify', { method: 'POST', body: { code: String(form.get('code') ?? '') } });
      signIn(res.accessToken);
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
