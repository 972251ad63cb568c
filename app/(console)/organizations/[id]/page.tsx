import type { Metadata } from 'next';
import { OrganizationDetail } from '@/components/organizations/organization-detail';

export const metadata: Metadata = { title: 'Organization' };

export default async function OrganizationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OrganizationDetail id={id} />;
}
