import type { Metadata } from 'next';
import { PolicyDetail } from '@/components/alerts/policy-detail';

export const metadata: Metadata = { title: 'Alert policy' };

export default async function AlertPolicyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PolicyDetail id={id} />;
}
