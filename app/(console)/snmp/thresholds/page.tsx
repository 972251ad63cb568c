import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SnmpThresholdsView } from '@/components/snmp/snmp-thresholds-view';

export const metadata: Metadata = { title: 'SNMP thresholds' };

export default function SnmpThresholdsPage() {
  return (
    <Suspense>
      <SnmpThresholdsView />
    </Suspense>
  );
}
