import type { Metadata } from 'next';
import { ContractDetail } from '@/components/billing/contract-detail';

export const metadata: Metadata = { title: 'Contract' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ContractDetail id={id} />;
}
