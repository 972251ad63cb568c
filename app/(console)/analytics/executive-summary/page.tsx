import type { Metadata } from 'next';
import { ExecutiveSummaryView } from '@/components/analytics/executive-summary-view';

export const metadata: Metadata = { title: 'Executive summary' };

export default function Page() {
  return <ExecutiveSummaryView />;
}
