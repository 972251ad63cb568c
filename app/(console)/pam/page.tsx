import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PamView } from '@/components/pam/pam-view';

export const metadata: Metadata = { title: 'Elevation requests' };

export default function PamPage() {
  return (
    <Suspense>
      <PamView />
    </Suspense>
  );
}
