import type { Metadata } from 'next';
import { ChannelForm } from '@/components/alerts/channel-form';

export const metadata: Metadata = { title: 'New notification channel' };

export default function NewAlertChannelPage() {
  return <ChannelForm />;
}
