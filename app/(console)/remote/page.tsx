import type { Metadata } from 'next';
import { RemoteSessionsView } from '@/components/remote/remote-sessions-view';

export const metadata: Metadata = { title: 'Remote sessions' };

export default function RemoteSessionsPage() {
  return <RemoteSessionsView />;
}
