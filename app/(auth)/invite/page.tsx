import type { Metadata } from 'next';
import { AcceptInviteForm } from '@/components/auth/accept-invite-form';

// The token arrives in the URL fragment (never sent to the server); no referrer either way.
export const metadata: Metadata = { title: 'Accept invitation', referrer: 'no-referrer' };

export default function InvitePage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-6 rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <AcceptInviteForm />
      </div>
    </main>
  );
}
