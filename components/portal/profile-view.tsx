'use client';

import { useState, type FormEvent } from 'react';
import { ApiError, portalApi } from '@/lib/client/portal-client';
import { usePortalProfile, useUpdatePortalProfile } from '@/hooks/use-portal';
import { primaryButton } from '@/components/portal/brand-style';
import { PortalField } from '@/components/portal/portal-field';
import { PasswordStrengthMeter } from '@/components/auth/password-strength-meter';

function ChangePassword({ email, name }: { email: string; name: string | null }) {
  const [password, setPassword] = useState('');
  const [state, setState] = useState<{ error?: string; done?: boolean; busy?: boolean }>({});
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    if (data.get('confirm') !== password) return setState({ error: 'The new passwords do not match' });
    setState({ busy: true });
    try {
      await portalApi('/portal/profile/password', { method: 'POST', body: { currentPassword: data.get('current'), newPassword: password } });
      form.reset();
      setPassword('');
      setState({ done: true });
    } catch (err) {
      setState({ error: err instanceof ApiError ? err.message : 'Could not reach the server' });
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="Change password">
      <h2 className="text-lg font-semibold">Password</h2>
      <PortalField label="Current password" name="current" type="password" autoComplete="current-password" required />
      <PortalField label="New password" name="new" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordStrengthMeter password={password} email={email} name={name ?? undefined} />
      <PortalField label="Confirm new password" name="confirm" type="password" autoComplete="new-password" required />
      {state.error && (
        <p role="alert" className="text-sm text-red-600">
          {state.error}
        </p>
      )}
      {state.done && (
        <p role="status" className="text-sm text-emerald-700">
          Password changed. Your other sessions were signed out.
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={state.busy}>
        Change password
      </button>
    </form>
  );
}

export function ProfileView() {
  const profile = usePortalProfile();
  const update = useUpdatePortalProfile();
  const [saved, setSaved] = useState(false);
  if (!profile.data) return <p className="text-sm text-slate-500">{profile.isError ? 'Could not load your profile.' : 'Loading…'}</p>;
  const p = profile.data;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '').trim();
    setSaved(false);
    update.mutate({ name: text('name'), phone: text('phone') || null, mobile: text('mobile') || null, title: text('title') || null }, { onSuccess: () => setSaved(true) });
  }
  return (
    <section className="grid gap-6 md:grid-cols-2">
      <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="Profile">
        <h1 className="text-lg font-semibold">Your details</h1>
        <PortalField label="Email" value={p.email} readOnly hint="Your sign-in address. Ask your IT provider to change it." />
        <PortalField label="Name" name="name" defaultValue={p.name ?? ''} required maxLength={255} />
        <PortalField label="Job title" name="title" defaultValue={p.title ?? ''} maxLength={255} />
        <PortalField label="Phone" name="phone" defaultValue={p.phone ?? ''} maxLength={64} />
        <PortalField label="Mobile" name="mobile" defaultValue={p.mobile ?? ''} maxLength={64} />
        <p className="text-xs text-slate-500">
          {p.organization.name}
          {p.site && ` · ${p.site.name}`}
        </p>
        {update.error instanceof ApiError && (
          <p role="alert" className="text-sm text-red-600">
            {update.error.message}
          </p>
        )}
        {saved && (
          <p role="status" className="text-sm text-emerald-700">
            Saved.
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={update.isPending}>
          Save
        </button>
      </form>
      <ChangePassword email={p.email} name={p.name} />
    </section>
  );
}
