import type { Metadata } from 'next';
import { SubscriptionsView } from '@/components/distributor/subscriptions-view';

export const metadata: Metadata = { title: 'Distributor subscriptions' };

export default function DistributorSubscriptionsPage() {
  return <SubscriptionsView />;
}
