import type { Metadata } from 'next';
import { DashboardsView } from '@/components/analytics/dashboards-view';

export const metadata: Metadata = { title: 'Analytics' };

export default function AnalyticsPage() {
  return <DashboardsView />;
}
