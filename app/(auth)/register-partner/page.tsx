import Link from 'next/link';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { RegisterPartnerForm } from '@/components/auth/register-partner-form';
import { publicConfig } from '@/lib/public-config';

export const metadata: Metadata = { title: 'Register your company' };
export const dynamic = 'force-dynamic';

export default function RegisterPartnerPage() {
  // proxy.ts answers the 302 before this renders; this is the backstop for any path around it.
  if (!publicConfig().registrationEnabled) redirect('/login?reason=registration-disabled');
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md space-y-6 rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h1 className="text-2xl font-semibold">Register your company</h1>
          <p className="mt-1 text-sm text-slate-500">Start managing your customers’ devices. You become the administrator of your company’s account.</p>
        </div>
        <RegisterPartnerForm />
        <p className="text-center text-sm text-slate-500">
          Already registered?{' '}
          <Link className="font-medium text-brand-600 hover:underline" href="/login">
            Sign in
          </Link>
        </p>
      </div>
    </main>
  );
}
