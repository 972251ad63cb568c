import Link from 'next/link';
import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/login-form';
import { SsoSignIn } from '@/components/auth/sso-sign-in';
import { publicConfig } from '@/lib/public-config';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ reason?: string }> }) {
  const { reason } = await searchParams;
  const { registrationEnabled } = publicConfig();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-6 rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h1 className="text-2xl font-semibold">Sign in</h1>
          <p className="mt-1 text-sm text-slate-500">RMM console for managed service providers</p>
        </div>
        {reason === 'registration-disabled' && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
            Self-service registration is turned off on this server. Ask your administrator for an invitation.
          </p>
        )}
        <LoginForm />
        <SsoSignIn />
        {registrationEnabled && (
          <p className="text-center text-sm text-slate-500">
            New MSP?{' '}
            <Link className="font-medium text-brand-600 hover:underline" href="/register-partner">
              Register your company
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}
