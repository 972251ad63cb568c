import type { Metadata } from 'next';
import { Suspense } from 'react';
import { QuotesView } from '@/components/billing/quotes-view';

export const metadata: Metadata = { title: 'Quotes' };

export default function Page() {
  return (
    <Suspense>
      <QuotesView />
    </Suspense>
  );
}
