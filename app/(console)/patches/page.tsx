import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PatchesView } from '@/components/patches/patches-view';

export const metadata: Metadata = { title: 'Patches' };

export default function PatchesPage() {
  return (
    <Suspense>
      <PatchesView />
    </Suspense>
  );
}
