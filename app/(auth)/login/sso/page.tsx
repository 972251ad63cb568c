import type { Metadata } from 'next';
import { SsoExchange } from '@/components/auth/sso-exchange';

export const metadata: Metadata = { title: 'Signing in' };

export default function SsoExchangePage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-semibold">Signing in</h1>
        <SsoExchange />
      </div>
    </main>
  );
}
