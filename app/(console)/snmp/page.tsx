import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SnmpDashboardView } from '@/components/snmp/snmp-dashboard-view';

export const metadata: Metadata = { title: 'SNMP monitoring' };

export default function SnmpDashboardPage() {
  return (
    <Suspense>
      <SnmpDashboardView />
    </Suspense>
  );
}
