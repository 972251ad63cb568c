'use client';

// "Sign in with SSO" on the login page. Offered at once when the link names the organization
// (`/login?org=<id>`); otherwise the person gives a work address (or organization id) and the
// button appears when a provider covers it. Errors from the callback arrive as `?ssoError=`.
import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { checkSso, useSsoCheck, type SsoCheck } from '@/hooks/use-sso';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

const ERRORS: Record<string, string> = {
  SSO_STATE_INVALID: 'That sign-in link expired or was already used. Start again.',
  SSO_TOKEN_INVALID: 'The identity provider’s answer could not be verified. Ask your administrator to test the SSO connection.',
  SSO_IDP_ERROR: 'The identity provider refused the sign-in.',
  SSO_PROVIDER_DISABLED: 'Single sign-on was turned off for your organization.',
  SSO_EMAIL_MISSING: 'The identity provider did not send your email address.',
  SSO_EMAIL_UNVERIFIED: 'The identity provider did not confirm your email address, so it cannot be matched to an account.',
  SSO_DOMAIN_UNVERIFIED: 'An account with your email address exists, and your organization has not verified its email domain for single sign-on yet; ask your administrator.',
  SSO_ACCOUNT_CONFLICT: 'Your email address belongs to an account of another organization.',
  SSO_ACCOUNT_UNAVAILABLE: 'Your account is disabled.',
  SSO_NO_ACCOUNT: 'You have no account yet; ask your administrator to invite you.',
  SSO_NO_ROLE: 'None of your groups gives access yet; ask your administrator.',
};

const LINK_BUTTON =
  'inline-flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

function startUrl(check: SsoCheck, next: string | null): string {
  // The server's public URL may differ from the page's origin behind a proxy: keep the path only.
  const url = new URL(check.loginUrl!, 'http://placeholder');
  if (next && next.startsWith('/') && !next.startsWith('//')) url.searchParams.set('returnTo', next);
  return url.pathname + url.search;
}

export function SsoSignIn({ requiredTenantId }: { requiredTenantId?: string | null }) {
  const params = useSearchParams();
  const next = params.get('next');
  const ssoError = params.get('ssoError');
  const preset = useSsoCheck(requiredTenantId ?? params.get('org'));
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function lookUp(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const key = String(new FormData(e.currentTarget).get('sso') ?? '').trim();
    if (!key) return;
    setBusy(true);
    setMessage(null);
    try {
      const check = await checkSso(key);
      if (check.available) window.location.assign(startUrl(check, next));
      else setMessage('Single sign-on is not set up for this address or organization.');
    } catch {
      setMessage('Could not reach the server');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      {ssoError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {ERRORS[ssoError] ?? 'Single sign-on failed.'}
        </p>
      )}
      {preset.data?.available ? (
        // A link, not a button: it navigates to the provider (and keeps the password form's
        // "Sign in" button the only button of that name).
        <a href={startUrl(preset.data, next)} className={LINK_BUTTON}>
          Sign in with SSO ({preset.data.providerName})
        </a>
      ) : open ? (
        <form onSubmit={lookUp} className="space-y-3" aria-label="Sign in with SSO">
          <Field label="Work email or organization ID" name="sso" autoComplete="username" required autoFocus error={message ?? undefined} />
          <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
            {busy ? 'Checking…' : 'Continue with SSO'}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="secondary" className="w-full" onClick={() => setOpen(true)}>
          Use single sign-on (SSO)
        </Button>
      )}
    </div>
  );
}
