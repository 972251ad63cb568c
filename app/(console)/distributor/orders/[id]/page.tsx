import type { Metadata } from 'next';
import { OrderDetail } from '@/components/distributor/order-detail';

export const metadata: Metadata = { title: 'Distributor order' };

export default async function DistributorOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OrderDetail id={id} />;
}
