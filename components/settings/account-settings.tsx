'use client';

import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useMe, useUpdateMe } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { changedFields } from '@/lib/client/changed-fields';
import { MfaEnrolment } from '@/components/auth/mfa-enrolment';
import { PasswordStrengthMeter } from '@/components/auth/password-strength-meter';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, PageHeader } from '@/components/ui/controls';

export function AccountSettings() {
  const me = useMe();
  const update = useUpdateMe();
  const [enrolling, setEnrolling] = useState(useSearchParams().get('enrol') === '1');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState('');
  if (!me.data) return <p role="status">Loading…</p>;
  const profileChanges = changedFields<{ name: string | undefined }>({ name: me.data.name }, { name: name === null ? undefined : name.trim() });
  const profileDirty = Object.keys(profileChanges).length > 0;

  async function submit(e: FormEvent<HTMLFormElement>, body: (f: FormData) => Parameters<typeof update.mutateAsync>[0], ok: string) {
    e.preventDefault();
    const form = e.currentTarget;
    setMessage(null);
    try {
      await update.mutateAsync(body(new FormData(form)));
      setMessage({ ok: true, text: ok });
      form.reset();
      setName(null);
      setNewPassword('');
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Could not save' });
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      <PageHeader title="My account" description={`${me.data.email} · ${me.data.role.name}`} />
      <Card title="Profile">
        <form onSubmit={(e) => submit(e, () => profileChanges, 'Name saved.')} className="space-y-3" aria-label="Profile">
          <Field label="Name" name="name" value={name ?? me.data.name} onChange={(e) => setName(e.target.value)} required maxLength={255} />
          <Button type="submit" disabled={!profileDirty || update.isPending}>
            {profileDirty ? 'Save' : 'No changes'}
          </Button>
        </form>
      </Card>
      <Card title="Password">
        <form onSubmit={(e) => submit(e, (f) => ({ currentPassword: String(f.get('currentPassword')), newPassword: String(f.get('newPassword')) }), 'Password changed; your other sessions were signed out.')} className="space-y-3" aria-label="Change password">
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
          <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required minLength={8} value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
          <PasswordStrengthMeter password={newPassword} email={me.data.email} name={me.data.name} />
          <Button type="submit">Change password</Button>
        </form>
      </Card>
      <Card title="Two-factor authentication">
        {enrolling ? (
          <MfaEnrolment onDone={() => setEnrolling(false)} />
        ) : me.data.mfaEnabled ? (
          <p className="text-sm" data-testid="mfa-state">
            On. {me.data.mfa ? 'This session completed a two-factor check.' : 'This session has not completed a two-factor check yet.'}
          </p>
        ) : (
          <div className="space-y-2">
            <p className="text-sm" data-testid="mfa-state">
              Off. Administrative actions (invitations, role changes, API keys) need it when the server enforces two-factor authentication.
            </p>
            <Button onClick={() => setEnrolling(true)}>Set up two-factor authentication</Button>
          </div>
        )}
      </Card>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-emerald-700' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
