import type { Metadata } from 'next';
import { AutomationDetail } from '@/components/automations/automation-detail';

export const metadata: Metadata = { title: 'Automation' };

export default async function AutomationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AutomationDetail id={id} />;
}
