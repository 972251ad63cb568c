import type { Metadata } from 'next';
import { ContractsView } from '@/components/billing/contracts-view';

export const metadata: Metadata = { title: 'Contracts' };

export default function Page() {
  return <ContractsView />;
}
