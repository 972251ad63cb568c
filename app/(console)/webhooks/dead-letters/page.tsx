import type { Metadata } from 'next';
import { DeadLettersView } from '@/components/webhooks/dead-letters-view';

export const metadata: Metadata = { title: 'Webhook dead letters' };

export default function DeadLettersPage() {
  return <DeadLettersView />;
}
