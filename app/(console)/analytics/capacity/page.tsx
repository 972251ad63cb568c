import type { Metadata } from 'next';
import { CapacityView } from '@/components/analytics/capacity-view';

export const metadata: Metadata = { title: 'Capacity' };

export default function Page() {
  return <CapacityView />;
}
