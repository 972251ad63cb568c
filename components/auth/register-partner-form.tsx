'use client';

// The self-service signup form (doc 1): confirm password and the meter live only here; the API
// gets companyName, name, email, password and acceptTerms, and its field errors show inline.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/client/api-client';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { PasswordStrengthMeter } from '@/components/auth/password-strength-meter';

export function RegisterPartnerForm() {
  const [password, setPassword] = useState('');
  // The meter checks the password against the email and name as they are typed, like the server.
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setFormError(null);
    if (form.get('confirmPassword') !== password) {
      setErrors({ confirmPassword: 'Passwords do not match' });
      return;
    }
    setErrors({});
    setBusy(true);
    const address = email.trim();
    try {
      await api('/auth/register-partner', {
        method: 'POST',
        body: {
          companyName: String(form.get('companyName') ?? ''),
          name: String(form.get('name') ?? ''),
          email: address,
          password,
          acceptTerms: form.get('acceptTerms') === 'on',
        },
      });
      setSentTo(address);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = fieldErrorsOf(err);
        if (err.status === 400 && Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(err.status === 404 ? 'Self-service registration is turned off on this server.' : err.message);
      } else {
        setFormError('Could not reach the server');
      }
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <section role="status" aria-labelledby="check-email" className="space-y-3">
        <h2 id="check-email" className="text-lg font-semibold">
          Check your email
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          If the registration can proceed, we sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish setting up your
          company; the link works once.
        </p>
        <p className="text-sm text-slate-500">
          Already have an account?{' '}
          <Link className="font-medium text-brand-600 hover:underline" href="/login">
            Sign in
          </Link>
        </p>
      </section>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Register your company" noValidate>
      <Field label="Company name" name="companyName" autoComplete="organization" required minLength={2} maxLength={255} autoFocus error={errors.companyName} />
      <Field label="Your name" name="name" autoComplete="name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <Field label="Work email" name="email" type="email" autoComplete="email" required maxLength={255} value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <div className="space-y-2">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <PasswordStrengthMeter password={password} email={email.trim()} name={name} />
      </div>
      <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="acceptTerms" required className="mt-0.5" aria-invalid={errors.acceptTerms ? true : undefined} />
          <span>I accept the terms of service</span>
        </label>
        {errors.acceptTerms && (
          <p role="alert" className="text-xs text-red-600">
            {errors.acceptTerms}
          </p>
        )}
      </div>
      <FormError message={formError} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
