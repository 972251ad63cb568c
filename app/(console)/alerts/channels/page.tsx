import type { Metadata } from 'next';
import { ChannelsView } from '@/components/alerts/channels-view';

export const metadata: Metadata = { title: 'Notification channels' };

export default function AlertChannelsPage() {
  return <ChannelsView />;
}
