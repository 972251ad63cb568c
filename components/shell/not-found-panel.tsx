import Link from 'next/link';

/** The console's 404: inside the shell, with ways back (dashboard, settings, the palette). */
export function NotFoundPanel() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-12 text-center">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">404</p>
      <h1 id="not-found-title" className="mt-2 text-2xl font-semibold">
        Page not found
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">This address matches no page of the console. It may have moved, or the link that led here is out of date.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href="/" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Go to the dashboard
        </Link>
        <Link href="/settings" className="rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
          Settings
        </Link>
      </div>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">Press Ctrl K (⌘ K on a Mac) to search for a page.</p>
    </section>
  );
}
