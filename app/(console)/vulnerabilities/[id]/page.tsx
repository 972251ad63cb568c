import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CveDetail } from '@/components/vulnerabilities/cve-detail';

export const metadata: Metadata = { title: 'Vulnerability' };

export default async function VulnerabilityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <CveDetail cveId={decodeURIComponent(id)} />
    </Suspense>
  );
}
