import type { Metadata } from 'next';
import { DriftView } from '@/components/distributor/drift-view';

export const metadata: Metadata = { title: 'Quantity drift' };

export default function DistributorDriftPage() {
  return <DriftView />;
}
