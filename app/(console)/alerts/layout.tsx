import type { ReactNode } from 'react';
import { AlertsSubnav } from '@/components/alerts/alert-config-shared';

// Every page of the Alerts area (inbox, rules, channels, policies, templates, monitors) shares
// the section tabs.
export default function AlertsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AlertsSubnav />
      {children}
    </>
  );
}
