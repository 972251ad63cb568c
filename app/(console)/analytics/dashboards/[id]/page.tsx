import type { Metadata } from 'next';
import { DashboardDetail } from '@/components/analytics/dashboard-detail';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DashboardDetail id={id} />;
}
