import Link from 'next/link';
import { NewTicketForm } from '@/components/portal/new-ticket-form';

export function NewTicketPanel() {
  return (
    <section className="space-y-5">
      <Link href="/portal/tickets" className="text-sm text-[var(--portal-accent)] hover:underline">
        ← All tickets
      </Link>
      <h1 className="text-2xl font-semibold">New ticket</h1>
      <NewTicketForm />
    </section>
  );
}
