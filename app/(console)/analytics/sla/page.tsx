import type { Metadata } from 'next';
import { SlaView } from '@/components/analytics/sla-view';

export const metadata: Metadata = { title: 'Service levels' };

export default function Page() {
  return <SlaView />;
}
