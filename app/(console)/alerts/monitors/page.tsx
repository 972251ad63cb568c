import type { Metadata } from 'next';
import { MonitorsView } from '@/components/alerts/monitors-view';

export const metadata: Metadata = { title: 'Monitors' };

export default function MonitorsPage() {
  return <MonitorsView />;
}
