import type { Metadata } from 'next';
import { IntegrationSettings } from '@/components/distributor/integration-settings';

export const metadata: Metadata = { title: 'Distributor' };

export default function DistributorPage() {
  return <IntegrationSettings />;
}
