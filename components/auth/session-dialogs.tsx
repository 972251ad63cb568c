'use client';

// The dialogs that rescue a page instead of leaving it: sign in again after the session ended
// (the waiting request is then sent again, so a half-filled form is submitted, not lost), and the
// MFA step-up for a request answered 403 MFA_REQUIRED.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError, settleMfa } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZTokenResponse } from '@/lib/auth/schemas';
import { useSession } from '@/components/auth/session-provider';
import { useMe } from '@/hooks/use-me';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { MfaEnrolment } from '@/components/auth/mfa-enrolment';

export function ReauthDialog() {
  const { status, signIn, signOut } = useSession();
  const me = useMe();
  const qc = useQueryClient();
  const [step, setStep] = useState<'password' | 'mfa'>('password');
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (token: string) => {
    signIn(token);
    setStep('password');
    setPending(null);
    void qc.invalidateQueries();
  };

  async function onPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const res = await api<Wire<typeof ZTokenResponse>>('/auth/login', { method: 'POST', body: { email: form.get('email'), password: form.get('password') } });
      if (me.data && res.user.id !== me.data.id) {
        setError('Sign in as the same person to keep this page; or sign out.');
        return;
      }
      if (res.mfaRequired) {
        setPending(res.accessToken);
        setStep('mfa');
      } else finish(res.accessToken);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
    } finally {
      setBusy(false);
    }
  }

  async function onCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/v1/auth/mfa/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pending}` },
        body: JSON.stringify({ code: String(new FormData(e.currentTarget).get('code') ?? '') }),
      });
      const body = await res.json();
      if (!res.ok) throw new ApiError(res.status, body.error?.code ?? 'HTTP_ERROR', body.error?.message ?? 'Verification failed');
      finish(body.accessToken);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={status === 'expired'} onClose={() => undefined} dismissable={false} title="Your session has ended">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">Sign in again to carry on. This page and anything you typed stay as they are; a change you were saving is sent once you are back.</p>
      {step === 'password' ? (
        <form onSubmit={onPassword} className="space-y-3" aria-label="Sign in again">
          <Field label="Email" name="email" type="email" autoComplete="username" defaultValue={me.data?.email} required />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required autoFocus error={error ?? undefined} />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={onCode} className="space-y-3" aria-label="Two-factor verification">
          <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus error={error ?? undefined} />
          <Button type="submit" disabled={busy}>
            Verify
          </Button>
        </form>
      )}
    </Dialog>
  );
}

export function MfaStepUpDialog() {
  const { mfaPending, signIn } = useSession();
  const me = useMe();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Which form the dialog shows is decided when it opens: enrolling turns MFA on mid-dialog, and
  // the recovery codes it then shows must stay until the person continues.
  const [openedFor, setOpenedFor] = useState<'code' | 'enrol' | null>(null);
  if (mfaPending && openedFor === null && me.data) setOpenedFor(me.data.mfaEnabled ? 'code' : 'enrol');
  if (!mfaPending && openedFor !== null) setOpenedFor(null);

  async function onCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ accessToken: string }>('/auth/mfa/verify', { method: 'POST', body: { code: String(new FormData(e.currentTarget).get('code') ?? '') } });
      signIn(res.accessToken);
      settleMfa(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={mfaPending} onClose={() => settleMfa(false)} title="Confirm it is you">
      {openedFor === 'code' ? (
        <form onSubmit={onCode} className="space-y-3" aria-label="Two-factor verification">
          <p className="text-sm text-slate-600 dark:text-slate-400">This action needs two-factor authentication. Enter a code from your authenticator app (or a recovery code).</p>
          <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus error={error ?? undefined} />
          <Button type="submit" disabled={busy}>
            Verify and continue
          </Button>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">This action needs two-factor authentication, which is not set up for your account yet.</p>
          <MfaEnrolment onDone={() => settleMfa(true)} />
        </div>
      )}
    </Dialog>
  );
}
