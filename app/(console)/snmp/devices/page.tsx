import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SnmpDevicesView } from '@/components/snmp/snmp-devices-view';

export const metadata: Metadata = { title: 'SNMP devices' };

export default function SnmpDevicesPage() {
  return (
    <Suspense>
      <SnmpDevicesView />
    </Suspense>
  );
}
