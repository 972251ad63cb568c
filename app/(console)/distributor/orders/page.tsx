import type { Metadata } from 'next';
import { OrdersView } from '@/components/distributor/orders-view';

export const metadata: Metadata = { title: 'Distributor orders' };

export default function DistributorOrdersPage() {
  return <OrdersView />;
}
