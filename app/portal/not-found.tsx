import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

export default function PortalNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4 text-slate-900">
      <section aria-labelledby="portal-not-found" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <p className="text-sm font-semibold text-slate-600">404</p>
        <h1 id="portal-not-found" className="mt-2 text-xl font-semibold">
          Page not found
        </h1>
        <p className="mt-2 text-sm text-slate-600">This address matches no page of the support portal.</p>
        <Link href="/portal" className="mt-6 inline-block rounded-md bg-slate-900 px-3.5 py-2 text-sm font-medium text-white hover:bg-slate-700">
          Back to the portal
        </Link>
      </section>
    </main>
  );
}
