import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SoftwareInventoryView } from '@/components/software/software-inventory-view';

export const metadata: Metadata = { title: 'Software' };

export default function SoftwarePage() {
  return (
    <Suspense>
      <SoftwareInventoryView />
    </Suspense>
  );
}
