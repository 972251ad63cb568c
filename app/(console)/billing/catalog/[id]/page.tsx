import type { Metadata } from 'next';
import { CatalogItemDetail } from '@/components/billing/catalog-item-detail';

export const metadata: Metadata = { title: 'Catalog item' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CatalogItemDetail id={id} />;
}
