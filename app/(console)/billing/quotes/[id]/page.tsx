import type { Metadata } from 'next';
import { QuoteDetail } from '@/components/billing/quote-detail';

export const metadata: Metadata = { title: 'Quote' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <QuoteDetail id={id} />;
}
