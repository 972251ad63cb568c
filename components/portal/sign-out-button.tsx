'use client';

import { useState } from 'react';
import { portalApi } from '@/lib/client/portal-client';

export function SignOutButton({ to }: { to: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className="rounded-md border border-current/40 px-3 py-1 text-sm hover:bg-white/10"
      onClick={async () => {
        setBusy(true);
        await portalApi('/portal/auth/logout', { method: 'POST' }).catch(() => undefined);
        window.location.assign(to);
      }}
    >
      Sign out
    </button>
  );
}
