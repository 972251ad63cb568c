import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DeploymentsView } from '@/components/deployments/deployments-view';

export const metadata: Metadata = { title: 'Deployments' };

export default function DeploymentsPage() {
  return (
    <Suspense>
      <DeploymentsView />
    </Suspense>
  );
}
