import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DiscoveryView } from '@/components/discovery/discovery-view';

export const metadata: Metadata = { title: 'Network discovery' };

export default function DiscoveryPage() {
  return (
    <Suspense>
      <DiscoveryView />
    </Suspense>
  );
}
