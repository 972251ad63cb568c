import type { Metadata } from 'next';
import { ProductsView } from '@/components/distributor/products-view';

export const metadata: Metadata = { title: 'Distributor products' };

export default function DistributorProductsPage() {
  return <ProductsView />;
}
