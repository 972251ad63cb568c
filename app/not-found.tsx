import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

// Outside the console (sign-in, registration, invitations): no shell, a way back to the start.
// Console addresses are answered by app/(console)/not-found.tsx inside the shell.
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <section aria-labelledby="not-found-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">404</p>
        <h1 id="not-found-title" className="mt-2 text-xl font-semibold">
          Page not found
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">This address matches no page.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link href="/" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Go to the console
          </Link>
          <Link href="/login" className="rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
            Sign in
          </Link>
        </div>
      </section>
    </main>
  );
}
