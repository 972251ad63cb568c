import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PolicyDetail } from '@/components/policies/policy-detail';

export const metadata: Metadata = { title: 'Policy' };

export default async function PolicyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <PolicyDetail id={id} />
    </Suspense>
  );
}
