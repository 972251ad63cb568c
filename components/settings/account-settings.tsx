'use client';

import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useMe, useUpdateMe } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { MfaEnrolment } from '@/components/auth/mfa-enrolment';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, PageHeader } from '@/components/ui/controls';

export function AccountSettings() {
  const me = useMe();
  const update = useUpdateMe();
  const [enrolling, setEnrolling] = useState(useSearchParams().get('enrol') === '1');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!me.data) return <p role="status">Loading…</p>;

  async function submit(e: FormEvent<HTMLFormElement>, body: (f: FormData) => Parameters<typeof update.mutateAsync>[0], ok: string) {
    e.preventDefault();
    const form = e.currentTarget;
    setMessage(null);
    try {
      await update.mutateAsync(body(new FormData(form)));
      setMessage({ ok: true, text: ok });
      form.reset();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Could not save' });
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      <PageHeader title="My account" description={`${me.data.email} · ${me.data.role.name}`} />
      <Card title="Profile">
        <form onSubmit={(e) => submit(e, (f) => ({ name: String(f.get('name')) }), 'Name saved.')} className="space-y-3" aria-label="Profile">
          <Field label="Name" name="name" defaultValue={me.data.name} required maxLength={255} />
          <Button type="submit">Save</Button>
        </form>
      </Card>
      <Card title="Password">
        <form onSubmit={(e) => submit(e, (f) => ({ currentPassword: String(f.get('currentPassword')), newPassword: String(f.get('newPassword')) }), 'Password changed; your other sessions were signed out.')} className="space-y-3" aria-label="Change password">
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
          <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required minLength={8} />
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
