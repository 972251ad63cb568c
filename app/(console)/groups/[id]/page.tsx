import type { Metadata } from 'next';
import { GroupDetail } from '@/components/groups/group-detail';

export const metadata: Metadata = { title: 'Device group' };

export default async function GroupPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <GroupDetail id={id} />;
}
