import type { Metadata } from 'next';
import { SnmpDeviceView } from '@/components/snmp/snmp-device-view';

export const metadata: Metadata = { title: 'SNMP device' };

export default async function SnmpDevicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SnmpDeviceView id={id} />;
}
