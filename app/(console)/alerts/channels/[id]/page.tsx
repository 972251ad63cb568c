import type { Metadata } from 'next';
import { ChannelDetail } from '@/components/alerts/channel-detail';

export const metadata: Metadata = { title: 'Notification channel' };

export default async function AlertChannelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ChannelDetail id={id} />;
}
