import type { Metadata } from 'next';
import { WindowDetail } from '@/components/maintenance/window-detail';

export const metadata: Metadata = { title: 'Maintenance window' };

export default async function MaintenanceWindowPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WindowDetail id={id} />;
}
