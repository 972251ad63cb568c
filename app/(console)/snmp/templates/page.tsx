import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SnmpTemplatesView } from '@/components/snmp/snmp-templates-view';

export const metadata: Metadata = { title: 'SNMP templates' };

export default function SnmpTemplatesPage() {
  return (
    <Suspense>
      <SnmpTemplatesView />
    </Suspense>
  );
}
