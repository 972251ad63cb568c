import type { Metadata } from 'next';
import { PsaConnections } from '@/components/psa/psa-connections';

export const metadata: Metadata = { title: 'PSA connections' };

export default function PsaConnectionsPage() {
  return <PsaConnections />;
}
