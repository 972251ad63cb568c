import type { Metadata } from 'next';
import { ScriptsView } from '@/components/scripts/scripts-view';

export const metadata: Metadata = { title: 'Scripts' };

export default function ScriptsPage() {
  return <ScriptsView />;
}
