import type { Metadata } from 'next';
import { MonitorDetail } from '@/components/alerts/monitor-detail';

export const metadata: Metadata = { title: 'Monitor' };

export default async function MonitorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MonitorDetail id={id} />;
}
