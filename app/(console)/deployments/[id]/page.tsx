import type { Metadata } from 'next';
import { DeploymentDetail } from '@/components/deployments/deployment-detail';

export const metadata: Metadata = { title: 'Deployment' };

export default async function DeploymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DeploymentDetail id={id} />;
}
