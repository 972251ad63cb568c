import type { Metadata } from 'next';
import { OsDistributionView } from '@/components/analytics/os-distribution-view';

export const metadata: Metadata = { title: 'OS distribution' };

export default function Page() {
  return <OsDistributionView />;
}
