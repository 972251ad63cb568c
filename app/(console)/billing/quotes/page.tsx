import type { Metadata } from 'next';
import { QuotesView } from '@/components/billing/quotes-view';

export const metadata: Metadata = { title: 'Quotes' };

export default function Page() {
  return <QuotesView />;
}
