import type { Metadata } from 'next';
import { ServicePrincipalsView } from '@/components/settings/service-principals-view';

export const metadata: Metadata = { title: 'Service principals' };

export default function ServicePrincipalsPage() {
  return <ServicePrincipalsView />;
}
