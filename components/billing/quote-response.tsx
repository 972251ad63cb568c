'use client';

// Accept or decline buttons of the customer's quote page (public link; no account).
import { useRouter } from 'next/navigation';
import { useState } from 'react';

export function QuoteResponse({ token, primary, primaryText }: { token: string; primary: string; primaryText: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function answer(kind: 'accept' | 'decline') {
    setBusy(true);
    setError(null);
    const res = await fetch(`/api/v1/public/quotes/${encodeURIComponent(token)}/${kind}`, { method: 'POST' });
    setBusy(false);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? 'Something went wrong; please try again.');
    }
    router.refresh();
  }
  return (
    <>
      <button type="button" disabled={busy} onClick={() => answer('accept')} className="rounded px-4 py-2 text-sm font-medium disabled:opacity-50" style={{ background: primary, color: primaryText }}>
        Accept quote
      </button>
      <button type="button" disabled={busy} onClick={() => answer('decline')} className="rounded border px-4 py-2 text-sm disabled:opacity-50">
        Decline
      </button>
      {error ? <p className="w-full text-sm text-red-700">{error}</p> : null}
    </>
  );
}
