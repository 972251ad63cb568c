import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SoftwareCatalogView } from '@/components/software/software-catalog-view';

export const metadata: Metadata = { title: 'Software catalog' };

export default function SoftwareCatalogPage() {
  return (
    <Suspense>
      <SoftwareCatalogView />
    </Suspense>
  );
}
