'use client';

// Page frame of the SNMP area: title, then links between the dashboard, devices, templates and
// thresholds.
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/controls';
import { SectionTabs } from '@/components/ui/section-tabs';

const TABS = [
  { href: '/snmp', label: 'Dashboard' },
  { href: '/snmp/devices', label: 'Devices' },
  { href: '/snmp/templates', label: 'Templates' },
  { href: '/snmp/thresholds', label: 'Thresholds' },
];

export function SnmpPage({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader title={title} description={description} actions={actions} />
      <SectionTabs label="SNMP sections" tabs={TABS} isActive={(t) => (t.href === '/snmp' ? pathname === '/snmp' : pathname.startsWith(t.href))} />
      {children}
    </div>
  );
}

export const STATUS_TONE = { up: 'green', down: 'red', unknown: 'slate' } as const;

/** A value with its unit, rounded for reading (rates of counters carry "/s"). */
export function formatSnmpValue(value: number | null, unit: string | null, type?: string): string {
  if (value === null) return '—';
  const rounded = Math.abs(value) >= 100 ? Math.round(value).toLocaleString() : (Math.round(value * 100) / 100).toLocaleString();
  const u = unit ?? '';
  return `${rounded}${u ? ` ${u}` : ''}${type === 'counter' && !u.endsWith('/s') ? '/s' : ''}`;
}

export function formatBps(bytesPerSecond: number): string {
  const bits = bytesPerSecond * 8;
  const units = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s'];
  let n = bits;
  let i = 0;
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000;
    i += 1;
  }
  return `${Math.round(n * 10) / 10} ${units[i]}`;
}
