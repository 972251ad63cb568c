import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IncidentFeedView } from '@/components/incidents/incident-feed-view';

export const metadata: Metadata = { title: 'Incident feed' };

export default function IncidentFeedPage() {
  return (
    <Suspense>
      <IncidentFeedView />
    </Suspense>
  );
}
