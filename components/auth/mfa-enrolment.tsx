'use client';

// TOTP enrolment: POST /auth/mfa/setup → QR code of the otpauth:// URL drawn in the browser (and
// the secret for typing in) → POST /auth/mfa/enable with a code → recovery codes, shown once.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/api-client';
import { useMfaEnable, useMfaSetup, useRefreshMe } from '@/hooks/use-me';
import { useSession } from '@/components/auth/session-provider';
import { QrCode } from '@/components/ui/qr-code';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { CopyButton } from '@/components/ui/controls';

export function MfaEnrolment({ onDone }: { onDone: () => void }) {
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const { signIn } = useSession();
  const refreshMe = useRefreshMe();
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (setup.isIdle) setup.mutate();
  }, [setup]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    try {
      const res = await enable.mutateAsync(String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s/g, ''));
      signIn(res.accessToken);
      refreshMe();
      setCodes(res.recoveryCodes);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server');
    }
  }

  if (codes) {
    return (
      <div className="space-y-4" data-testid="recovery-codes">
        <p className="text-sm">Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your authenticator. They are not shown again.</p>
        <ul className="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex gap-2">
          <CopyButton text={codes.join('\n')} label="Copy codes" />
          <Button onClick={onDone}>Continue</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">Scan this code with an authenticator app (or type the key), then enter the 6-digit code it shows.</p>
      {setup.isError && <p role="alert" className="text-sm text-red-600">{(setup.error as Error).message}</p>}
      {setup.data && (
        <div className="flex flex-col items-center gap-3">
          <QrCode value={setup.data.otpauthUrl} label="QR code for your authenticator app" />
          <div className="text-center text-xs text-slate-500">
            Key: <code data-testid="mfa-secret" className="font-mono text-sm text-slate-800 select-all dark:text-slate-200">{setup.data.secret}</code>
          </div>
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-3" aria-label="Confirm two-factor set-up">
        <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={error ?? undefined} />
        <Button type="submit" className="w-full" disabled={enable.isPending || !setup.data}>
          {enable.isPending ? 'Checking…' : 'Turn on two-factor authentication'}
        </Button>
      </form>
    </div>
  );
}
