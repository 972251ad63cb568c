import type { Metadata } from 'next';
import { CveDetail } from '@/components/vulnerabilities/cve-detail';

export const metadata: Metadata = { title: 'Vulnerability' };

export default async function VulnerabilityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CveDetail cveId={decodeURIComponent(id)} />;
}
