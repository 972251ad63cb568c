import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ServiceDesk } from '@/components/tickets/service-desk';

export const metadata: Metadata = { title: 'Tickets' };

export default function TicketsPage() {
  return (
    <Suspense>
      <ServiceDesk />
    </Suspense>
  );
}
