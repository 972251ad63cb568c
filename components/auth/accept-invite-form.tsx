'use client';

// The invitation page: reads the token from the link's fragment, shows what the person is
// joining, lets them choose a password (and correct their name), then signs them in.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZTokenResponse } from '@/lib/auth/schemas';
import type { ZInvitePreview } from '@/lib/users/schemas';
import { useSession } from '@/components/auth/session-provider';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordStrengthMeter } from '@/components/auth/password-strength-meter';

type Preview = Wire<typeof ZInvitePreview>;

type State = { step: 'loading' } | { step: 'invalid'; message: string } | { step: 'form'; token: string; preview: Preview } | { step: 'done'; message: string };

function tokenFromHash(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('token');
}

export function AcceptInviteForm() {
  const router = useRouter();
  const { signIn } = useSession();
  const [state, setState] = useState<State>({ step: 'loading' });
  const [password, setPassword] = useState('');
  // Server problems with the password show under it; a mismatch under the confirmation.
  const [error, setError] = useState<{ field: 'password' | 'confirm'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const token = tokenFromHash();
    if (!token) {
      setState({ step: 'invalid', message: 'This invitation link is incomplete. Open the link from your invitation email again.' });
      return;
    }
    api<Preview>('/auth/accept-invite/preview', { method: 'POST', body: { token } })
      .then((preview) => setState({ step: 'form', token, preview }))
      .catch((err) => setState({ step: 'invalid', message: err instanceof ApiError ? err.message : 'Could not reach the server' }));
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (state.step !== 'form') return;
    const form = new FormData(e.currentTarget);
    if (form.get('confirmPassword') !== password) {
      setError({ field: 'confirm', message: 'The passwords do not match' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const name = String(form.get('name') ?? '').trim();
      await api('/auth/accept-invite', { method: 'POST', body: { token: state.token, password, ...(name && name !== state.preview.name ? { name } : {}) } });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'INVALID_INVITE') setState({ step: 'invalid', message: err.message });
      else setError({ field: 'password', message: err instanceof ApiError ? err.message : 'Could not reach the server' });
      return;
    }
    // The account exists now; sign in with the new password (the login applies every check).
    try {
      const res = await api<Wire<typeof ZTokenResponse>>('/auth/login', { method: 'POST', body: { email: state.preview.email, password } });
      history.replaceState(null, '', window.location.pathname); // drop the used token from the address bar
      signIn(res.accessToken);
      router.replace('/');
    } catch (err) {
      setState({ step: 'done', message: `Your account is ready, but signing in failed: ${err instanceof ApiError ? err.message : 'the server could not be reached'}` });
    }
  }

  if (state.step === 'loading') return <p className="text-sm text-slate-500">Checking your invitation…</p>;
  if (state.step === 'invalid' || state.step === 'done') {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{state.step === 'done' ? 'Account ready' : 'Invitation unavailable'}</h1>
        <p role="alert" className="text-sm text-slate-600 dark:text-slate-400">
          {state.message}
        </p>
        <Link className="text-sm font-medium text-brand-600 hover:underline" href="/login">
          Go to sign in
        </Link>
      </div>
    );
  }

  const { preview } = state;
  const where = preview.organization ? `${preview.organization.name} (${preview.partner.name})` : preview.partner.name;
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Accept invitation">
      <div>
        <h1 className="text-2xl font-semibold">Join {where}</h1>
        <p className="mt-1 text-sm text-slate-500">
          You are invited as <strong>{preview.role.name}</strong>. Choose a password to activate your account.
        </p>
      </div>
      <Field label="Email" name="email" type="email" value={preview.email} readOnly autoComplete="username" />
      <Field label="Your name" name="name" defaultValue={preview.name} required maxLength={255} autoComplete="name" />
      <Field label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => (setPassword(e.target.value), setError(null))} error={error?.field === 'password' ? error.message : undefined} />
      <PasswordStrengthMeter password={password} email={preview.email} />
      <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required error={error?.field === 'confirm' ? error.message : undefined} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Activating…' : 'Activate account'}
      </Button>
      <p className="text-xs text-slate-500">This link expires {new Date(preview.expiresAt).toLocaleString()}.</p>
    </form>
  );
}
