import type { Metadata } from 'next';
import { CatalogView } from '@/components/billing/catalog-view';

export const metadata: Metadata = { title: 'Catalog' };

export default function Page() {
  return <CatalogView />;
}
